/**
 * A small HTTP server on loopback standing in for a reCAPTCHA-compatible verify service, for tests: the
 * adapter's own and the survey API's with the bot check on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Tokens the stand-in knows: 'good' passes, 'error' gets a 500, 'slow' an answer after 1.5 s, 'garbage' no JSON. */
export async function startVerifyStandIn(secret: string) {
  const requests: { method: string; type: string; form: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', type: req.headers['content-type'] ?? '', form });
      const token = form.response ?? '';
      if (token.startsWith('slow')) return void setTimeout(() => res.end('{"success":true}'), 1500);
      if (token.startsWith('error')) {
        res.statusCode = 500;
        return void res.end('Internal Server Error');
      }
      res.setHeader('content-type', 'application/json');
      if (token.startsWith('garbage')) return void res.end('<html>');
      const success = form.secret === secret && token.startsWith('good');
      res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
