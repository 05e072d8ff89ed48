import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from './context.ts';
import { RouteAnswers } from './route-answers.ts';

let app: FastifyInstance;
let answers: RouteAnswers;
/** The request a page was asked with, whose handler works out the answers inside it. */
let page: FastifyRequest;
/** The headers a call of the web app sends. */
const H = { accept: 'application/json', 'x-requested-with': 'learning-platform' };

beforeAll(async () => {
  app = Fastify();
  // No session cookie in these requests, so the password gate has no session to read.
  answers = new RouteAnswers(app, {} as AppContext);
  app.post('/object', async (req) => ({ asked: req.body, method: req.method, url: req.url, ip: req.ip, headers: req.headers }));
  app.post('/text', async (_req, reply) => reply.type('application/json; charset=utf-8').send('{"kept":"as sent"}'));
  app.post('/plain', async () => 'not JSON');
  app.post('/missing', async (_req, reply) => reply.code(404).send({ error: { message: 'Not found' } }));
  app.post('/fails', async () => {
    throw new Error('the database went away');
  });
  app.post('/cookie', async (_req, reply) => (reply as unknown as { setCookie(n: string, v: string): unknown }).setCookie('a', 'b'));
  app.post('/hooked', { preHandler: async () => {} }, async () => ({ hooked: true }));
  app.post('/item/:id', async () => ({ item: true }));
  app.get('/page', async (req) => {
    page = req;
    return 'ok';
  });
  await app.ready();
  await app.inject({ method: 'GET', url: '/page', remoteAddress: '203.0.113.9', headers: { 'accept-encoding': 'br' } });
});
afterAll(() => app.close());

describe("a route's answer worked out inside a page's request", () => {
  it("is the route's own reply, with the call's method, path and body and the page's caller", async () => {
    const text = await answers.answer(page, { method: 'POST', url: '/object', body: { course: 'c1' }, headers: H });
    expect(JSON.parse(text!)).toEqual({ asked: { course: 'c1' }, method: 'POST', url: '/object', ip: '203.0.113.9', headers: H });
    // The page's request asked for a compressed body; the call does not.
    expect(page.headers['accept-encoding']).toBe('br');
    // The page's own request is left as it was.
    expect([page.method, page.url, page.body]).toEqual(['GET', '/page', undefined]);
  });

  it('keeps JSON text as the handler sent it, and leaves out anything but 200 with JSON', async () => {
    expect(await answers.answer(page, { method: 'POST', url: '/text', body: {}, headers: H })).toBe('{"kept":"as sent"}');
    expect(await answers.answer(page, { method: 'POST', url: '/plain', body: {}, headers: H })).toBeUndefined();
    expect(await answers.answer(page, { method: 'POST', url: '/missing', body: {}, headers: H })).toBeUndefined();
  });

  it("gives a handler's failure to the caller, and fails a handler that needs more of the reply than a body", async () => {
    await expect(answers.answer(page, { method: 'POST', url: '/fails', body: {}, headers: H })).rejects.toThrow('the database went away');
    await expect(answers.answer(page, { method: 'POST', url: '/cookie', body: {}, headers: H })).rejects.toThrow(TypeError);
  });

  it('keeps only routes with a fixed path and no hooks of their own', () => {
    expect(answers.has('POST', '/object')).toBe(true);
    expect(answers.has('POST', '/hooked')).toBe(false);
    expect(answers.has('POST', '/item/:id')).toBe(false);
    expect(answers.has('GET', '/object')).toBe(false);
  });
});
