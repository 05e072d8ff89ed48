/**
 * Bytes on the wire: static files go out as the brotli/gzip copies written at build time, HTML and
 * JSON above 1 KB are compressed on the fly, small bodies and clients without Accept-Encoding get
 * identity, and each kind of response carries its caching rule.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { buildContent, signedInUser } from './testing/factories.ts';

// A stand-in build: an index page and one hashed asset with their precompressed copies.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
fs.mkdirSync(path.join(webDist, 'assets'));
const script = Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`);
fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js'), script);
fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
const html = Buffer.from(`<!doctype html><html><head><title>t</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`);
fs.writeFileSync(path.join(webDist, 'index.html'), html);
fs.writeFileSync(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(html));
fs.writeFileSync(path.join(webDist, 'index.html.gz'), zlib.gzipSync(html));

/** A raw GET (fetch would decode the body and hide the encoding). */
function rawGet(base: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describeEachEngine(
  'compression and caching',
  (server) => {
    it('serves a hashed asset as its precompressed brotli or gzip copy, immutable', async () => {
      const br = await rawGet(server().baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.body).equals(script)).toBe(true);
      expect(br.body.length).toBeLessThan(script.length / 2);

      const gz = await rawGet(server().baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).equals(script)).toBe(true);

      const plain = await rawGet(server().baseUrl, '/assets/index-abc123.js', {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(script)).toBe(true);
    });

    it('serves the app page (history routes too) compressed and always revalidated', async () => {
      const r = await rawGet(server().baseUrl, '/Courses', { 'accept-encoding': 'br' });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['cache-control']).toBe('no-cache');
      // The page with its first screen's answers inside (first-page.ts), the rest as built.
      const page = zlib.brotliDecompressSync(r.body).toString();
      expect(page).toContain('<script type="application/json" id="first-replies">');
      expect(page.replace(/<script type="application\/json" id="first-replies">.*?<\/script>/, '')).toBe(html.toString());
    });

    it('compresses JSON above the threshold and leaves small bodies alone', async () => {
      // A published page with a long body: well above the threshold, compressed on the fly.
      await buildContent(server().ctx, { context: 'long-page', body: `<p>${'Learning together, step by step. '.repeat(200)}</p>` });
      const big = await rawGet(server().baseUrl, '/app_content/getpage/long-page/', { 'accept-encoding': 'gzip, br' });
      expect(big.status).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      const text = zlib.brotliDecompressSync(big.body);
      expect(big.body.length).toBeLessThan(text.length / 4);
      expect(text.toString()).toContain('Learning together');
      const gz = await rawGet(server().baseUrl, '/app_content/getpage/long-page/', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).equals(text)).toBe(true);
      const refused = await rawGet(server().baseUrl, '/app_content/getpage/long-page/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body.equals(text)).toBe(true);

      // A signed-in answer is built per request and compressed on the fly.
      const { client } = await signedInUser(server(), { lang: 'ar' });
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const mine = await rawGet(server().baseUrl, '/app_users/whoami', { 'accept-encoding': 'gzip', cookie });
      expect(mine.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(mine.body).toString()).user).toBeTruthy();

      const small = await rawGet(server().baseUrl, '/healthz', { 'accept-encoding': 'gzip, br' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString())).toMatchObject({ ok: true });
    });
  },
  { WEB_DIST: webDist },
);
