/**
 * A body over the limit is refused with 413 and the usual error body, and the client gets to read it:
 * the rest of the upload is read and dropped instead of the connection being cut mid-write.
 */
import net from 'node:net';
import { expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { MSG } from '../domain/messages.ts';

/**
 * Sends a JSON body of `size` bytes the way many clients do (Python's http.client, curl without
 * Expect): the whole body first, then the answer is read. A server that answers and closes early makes
 * the write fail (EPIPE or ECONNRESET) and the answer is lost.
 */
function postLarge(
  baseUrl: string,
  path: string,
  size: number,
  origin?: string,
): Promise<{ status: number; body: unknown } | { error: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      answer += c;
    });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    socket.on('end', () => {
      const [head, ...rest] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      resolve({ status, body: JSON.parse(rest.join('\r\n\r\n') || 'null') });
    });
    const body = Buffer.alloc(size, 'a');
    body.write('{"body":"', 0);
    body.write('"}', size - 2);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${origin ?? url.origin}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  });
}

describeEachEngine('request body limit', (server) => {
  it('answers a 12 MB JSON body with 413 and the error body, not a cut connection', async () => {
    for (const path of ['/app_content/save', '/app_comments/save', '/app_users/register']) {
      const r = await postLarge(server().baseUrl, path, 12 * 1024 * 1024);
      expect(r, path).toEqual({ status: 413, body: { error: { message: MSG.bodyTooLarge } } });
    }
  });

  it('lets a client read a refusal that comes before the body is read (a cross-site upload gets its 403)', async () => {
    const r = await postLarge(server().baseUrl, '/app_content/save', 2 * 1024 * 1024, 'https://elsewhere.example');
    expect(r).toMatchObject({ status: 403 });
  });

  it('answers the same to a client that sends the whole body in one request (fetch)', async () => {
    const body = JSON.stringify({ body: 'a'.repeat(12 * 1024 * 1024) });
    const r = await server().client().request('POST', '/app_content/save', body, { 'content-type': 'application/json' });
    expect([r.status, r.body.error.message]).toEqual([413, MSG.bodyTooLarge]);
  });
});
