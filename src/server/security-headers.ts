/**
 * The security headers every response carries: helmet's (read once from helmet itself, so its
 * choices stay the library's) and our Content-Security-Policy (page-scripts.ts). Helmet's own Fastify
 * plugin rebuilds them on every request with two hooks, closures and a validated `setHeader` each;
 * they are the same bytes for every response, and a request passes these hooks once more for each
 * answer a page carries inside it (first-page.ts).
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers helmet sets with `options`, by lower-case name. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Helmet sets its headers at once; a version that did not would leave responses without them.
  if (!done || Object.keys(headers).length === 0) throw new Error('helmet set no headers');
  return headers;
}

/** One hook sets them all; `csp` is asked each time, since it changes when an admin edits page scripts. */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions, csp: () => string) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers).header('content-security-policy', csp());
    done();
  });
}
