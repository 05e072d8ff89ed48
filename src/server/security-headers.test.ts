import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it("are helmet's own, read once: framing, sniffing and referrer rules, no HSTS unless asked", () => {
    const plain = helmetHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: false });
    expect(plain).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(plain).not.toHaveProperty('strict-transport-security');
    expect(plain).not.toHaveProperty('content-security-policy');
    expect(plain).not.toHaveProperty('x-powered-by');
    const production = helmetHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: true });
    expect(production['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('reach every response with the policy of the moment, and a route may still set its own', async () => {
    const app = Fastify();
    let csp = "default-src 'self'";
    securityHeaders(app, { contentSecurityPolicy: false, hsts: false }, () => csp);
    app.get('/', async () => ({ ok: true }));
    app.get('/svg', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send('<svg/>'));
    const first = await app.inject('/');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toBe("default-src 'self'");
    csp = "default-src 'self'; script-src 'self' https://cdn.example";
    expect((await app.inject('/')).headers['content-security-policy']).toBe(csp);
    expect((await app.inject('/svg')).headers['content-security-policy']).toBe("default-src 'none'");
    expect((await app.inject('/missing')).headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
