import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressOnce } from './compressed-body.ts';

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
