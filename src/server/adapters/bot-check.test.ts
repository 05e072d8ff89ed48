/**
 * The bot check against a small HTTP server on loopback standing in for a reCAPTCHA-compatible verify
 * service: what it is sent, and how each of its answers (or its silence) is taken.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCheck } from './bot-check.ts';
import { startVerifyStandIn } from './bot-check.stand-in.ts';

describe('createBotCheck against a verify service on loopback', () => {
  let standIn: Awaited<ReturnType<typeof startVerifyStandIn>>;
  beforeAll(async () => {
    standIn = await startVerifyStandIn('s3cret');
  });
  afterAll(() => standIn.close());

  it('sends the secret, the token and the address as a form, and passes a token the service vouches for', async () => {
    const check = createBotCheck({ verifyUrl: standIn.url, secret: 's3cret' });
    expect(check.enabled).toBe(true);
    expect(await check.verify('good-1', '203.0.113.9')).toBe('passed');
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      form: { secret: 's3cret', response: 'good-1', remoteip: '203.0.113.9' },
    });
  });

  it('fails a token the service refuses, and one checked with the wrong secret', async () => {
    expect(await createBotCheck({ verifyUrl: standIn.url, secret: 's3cret' }).verify('forged')).toBe('failed');
    expect(await createBotCheck({ verifyUrl: standIn.url, secret: 'wrong' }).verify('good-2')).toBe('failed');
  });

  it('fails a missing token without asking the service', async () => {
    const before = standIn.requests.length;
    const check = createBotCheck({ verifyUrl: standIn.url, secret: 's3cret' });
    expect(await check.verify(undefined)).toBe('failed');
    expect(await check.verify('')).toBe('failed');
    expect(standIn.requests.length).toBe(before);
  });

  it('is unavailable when the service errs, answers nonsense, is too slow or is not there', async () => {
    const check = createBotCheck({ verifyUrl: standIn.url, secret: 's3cret', timeoutMs: 300 });
    expect(await check.verify('error-1')).toBe('unavailable');
    expect(await check.verify('garbage-1')).toBe('unavailable');
    const started = Date.now();
    expect(await check.verify('slow-1')).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(1200);
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await createBotCheck({ verifyUrl: `http://127.0.0.1:${port}/verify`, secret: 's3cret' }).verify('good-3')).toBe('unavailable');
  });

  it('is off by default: every answer passes and nothing is asked', async () => {
    const before = standIn.requests.length;
    const check = createBotCheck({});
    expect(check.enabled).toBe(false);
    expect(await check.verify(undefined)).toBe('passed');
    expect(standIn.requests.length).toBe(before);
  });

  it('refuses half a configuration or an address that is not http(s)', () => {
    expect(() => createBotCheck({ verifyUrl: standIn.url })).toThrow(/together/);
    expect(() => createBotCheck({ secret: 's3cret' })).toThrow(/together/);
    expect(() => createBotCheck({ verifyUrl: 'file:///etc/passwd', secret: 's3cret' })).toThrow(/http/);
  });
});
