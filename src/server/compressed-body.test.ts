import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, cachedCompression, compressOnce } from './compressed-body.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and the wildcard', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
  it('keeps copies that decode to the original bytes', () => {
    const raw = Buffer.from(JSON.stringify({ loc: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, `v${i}`])) }));
    const c = compressOnce(raw);
    expect(zlib.brotliDecompressSync(c.br).equals(raw)).toBe(true);
    expect(zlib.gunzipSync(c.gzip).equals(raw)).toBe(true);
    expect(c.br.length).toBeLessThan(raw.length / 2);
  });
});

describe('cachedCompression', () => {
  /** One response through the hook: what it sends and the headers it set. */
  const send = async (onSend: ReturnType<typeof cachedCompression>, body: string, encoding = 'br, gzip') => {
    const headers: Record<string, unknown> = { 'content-type': 'application/json' };
    const reply = {
      statusCode: 200,
      hasHeader: (k: string) => k in headers,
      getHeader: (k: string) => headers[k],
      header(k: string, v: unknown) {
        headers[k] = v;
        return this;
      },
    };
    const req = { headers: { 'accept-encoding': encoding } };
    const out = (await onSend(req as unknown as FastifyRequest, reply as unknown as FastifyReply, body)) as Buffer;
    return { out, headers };
  };
  const page = (who: string) =>
    JSON.stringify({
      who,
      lessons: Array.from({ length: 300 }, (_, i) => ({ _id: `lesson-${i}`, title: `Lesson ${i} of the course`, seen: i % 3 === 0 })),
    });

  it('compresses a body seen once quickly, and well from its second time, then answers it from memory', async () => {
    const onSend = cachedCompression({ threshold: 1024, maxBytes: 1 << 20 });
    const body = page('shared');
    const first = await send(onSend, body);
    const second = await send(onSend, body);
    const third = await send(onSend, body);
    for (const r of [first, second, third]) {
      expect(r.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(r.out).toString()).toBe(body);
    }
    expect(second.out.length).toBeLessThan(first.out.length);
    expect(third.out).toBe(second.out);
  });

  it('decodes to the original bytes whatever the body size its brotli window is fitted to', async () => {
    const onSend = cachedCompression({ threshold: 1024, maxBytes: 1 << 20 });
    // Multi-byte text, so the window follows the bytes, not the characters; up to past the default window.
    for (const size of [1024, 40_000, 5_000_000]) {
      const body = 'é'.repeat(size / 2 - 1) + `${size}`;
      const r = await send(onSend, body);
      expect(r.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(r.out).toString()).toBe(body);
    }
  });

  it('keeps gzip working the same way, and leaves small bodies and refusing clients alone', async () => {
    const onSend = cachedCompression({ threshold: 1024, maxBytes: 1 << 20 });
    const body = page('gzip');
    const first = await send(onSend, body, 'gzip');
    const second = await send(onSend, body, 'gzip');
    expect(zlib.gunzipSync(first.out).toString()).toBe(body);
    expect(zlib.gunzipSync(second.out).toString()).toBe(body);
    expect((await send(onSend, body, 'gzip')).out).toBe(second.out);
    expect((await send(onSend, '{"ok":true}')).out).toBe('{"ok":true}');
    const refused = await send(onSend, body, 'identity');
    expect(refused.out).toBe(body);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
