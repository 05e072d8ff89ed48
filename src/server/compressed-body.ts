/**
 * A response body sent to many clients unchanged (the visitor's whoami, polled every 20 s) is
 * compressed once when it is built, not on every request: `sendCompressed` picks the copy the
 * client accepts and marks it, so the on-the-fly compression leaves it alone.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CompressedBody {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressOnce(raw: Buffer): CompressedBody {
  return {
    raw,
    br: zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
  };
}

/**
 * Which encoding of ours the request accepts (q=0 refuses), brotli first. Browsers send one of a few
 * headers, the same on every request: the answers for the last ones seen are kept.
 */
const acceptedBy = new Map<string, 'br' | 'gzip' | null>();
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof header !== 'string') return parseAcceptEncoding(header);
  let enc = acceptedBy.get(header);
  if (enc === undefined) {
    enc = parseAcceptEncoding(header);
    if (acceptedBy.size >= 64) acceptedBy.clear();
    acceptedBy.set(header, enc);
  }
  return enc;
}

function parseAcceptEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (e: string) => (offered.get(e) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

export function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: CompressedBody, type: string) {
  const encoding = body.raw.length >= 1024 ? acceptedEncoding(req.headers['accept-encoding']) : null;
  reply.type(type).header('vary', 'accept-encoding');
  if (!encoding) return reply.send(body.raw);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}

/**
 * A brotli window just larger than the body: the default (4 MB) is set up for every body, and a 27 KB
 * page compressed at quality 2 took about twice as long with it, for the same bytes out.
 */
const fittedWindow = (bytes: number) =>
  Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1)) + 1));

const COMPRESSIBLE = /^(application\/(json|javascript|xml|ld\+json)|text\/|image\/svg\+xml)/i;

/**
 * Compression of buffered bodies (JSON, HTML) with a memory of recent results: the answers most
 * requested (the home page, the course catalogue, a lesson list) are the same bytes for many
 * clients, and compressing them again on each request cost most of their throughput. A SHA-256 of
 * the body costs a small fraction of compressing it. Streams are left to @fastify/compress.
 *
 * A body is compressed well (and kept) from the second time it is seen. Most bodies are seen once:
 * a signed-in page carries its visitor's own answers, an attempt its own questions. For those,
 * brotli quality 2 takes about 40% of the time of quality 4 for about 8% more bytes (a 27 KB lesson
 * page: 0.13 against 0.30 ms, 8.6 against 7.9 KB), and they no longer push the shared bodies out.
 */
export function cachedCompression(opts: { threshold: number; maxBytes: number }) {
  const cache = new Map<string, Buffer>();
  /** Hashes of the bodies seen once, compressed quickly and not kept; bounded by dropping them all. */
  const seenOnce = new Set<string>();
  let held = 0;
  const compress = (enc: 'br' | 'gzip', raw: Buffer, repeated: boolean) =>
    enc === 'br'
      ? zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: repeated ? 4 : 2,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlib.constants.BROTLI_PARAM_LGWIN]: fittedWindow(raw.length),
          },
        })
      : zlib.gzipSync(raw, { level: repeated ? 6 : 1 });
  return async function onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || reply.statusCode === 204) return payload;
    const type = String(reply.getHeader('content-type') ?? 'application/json');
    if (!COMPRESSIBLE.test(type)) return payload;
    // Encoded to bytes only when it may be compressed: a body that leaves as it is (a client that
    // accepts no encoding, a page's own inner calls) is only measured, and encoded once, by Node.
    const enc = acceptedEncoding(req.headers['accept-encoding']);
    const raw = enc && typeof payload === 'string' ? Buffer.from(payload) : payload;
    const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
    if (size < opts.threshold) return payload;
    reply.header('vary', 'accept-encoding');
    if (!enc || typeof raw === 'string') return payload;
    const key = `${enc}:${crypto.hash('sha256', raw, 'base64')}`;
    let out = cache.get(key);
    if (out) {
      cache.delete(key);
      cache.set(key, out);
    } else if (!seenOnce.has(key)) {
      if (seenOnce.size >= 10_000) seenOnce.clear();
      seenOnce.add(key);
      out = compress(enc, raw, false);
    } else {
      seenOnce.delete(key);
      out = compress(enc, raw, true);
      if (out.length <= opts.maxBytes / 16) {
        cache.set(key, out);
        held += out.length;
        for (const [k, v] of cache) {
          if (held <= opts.maxBytes) break;
          cache.delete(k);
          held -= v.length;
        }
      }
    }
    reply.header('content-encoding', enc).header('content-length', out.length);
    return out;
  };
}
