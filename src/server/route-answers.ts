/**
 * A route's answer worked out inside another request: the calls a page answers inside itself
 * (first-page.ts). Through `inject`, each of those calls built a request and a response object, ran
 * every hook and copied the headers back: about twice what the same call costs over HTTP, and three
 * quarters of a lesson page's CPU. The route's own handler runs instead, given the page's request with
 * the call's method, path and body in place of the page's, and a reply that keeps what it sends. The
 * answer is the route's own code (its validation, policy and caching) and the same JSON text.
 *
 * Only routes with a fixed path and no hooks of their own are kept. Of the app's hooks, those that
 * decide an answer run here too (the password-change gate); the others shape a response on its way out
 * (headers, compression, logging), which the page's own response gets.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from './context.ts';
import { gateRefuses } from './modules/accounts/password-gate.ts';

type Handler = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => unknown;

/** Route options that add hooks of the route's own, which a direct answer would skip. */
const ROUTE_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const satisfies readonly (keyof RouteOptions)[];

/**
 * What a handler may do with its reply when its answer is kept: set headers and a status, send a body.
 * Anything else (a cookie, the raw response) is missing, so the handler fails and the call is left
 * to the screen, as any call that fails is.
 */
class KeptReply {
  statusCode = 200;
  sent = false;
  payload: unknown;
  readonly #headers = new Map<string, string>();
  header(name: string, value: unknown) {
    this.#headers.set(name.toLowerCase(), String(value));
    return this;
  }
  getHeader(name: string) {
    return this.#headers.get(name.toLowerCase());
  }
  hasHeader(name: string) {
    return this.#headers.has(name.toLowerCase());
  }
  type(value: string) {
    return this.header('content-type', value);
  }
  code(status: number) {
    this.statusCode = status;
    return this;
  }
  status(status: number) {
    return this.code(status);
  }
  send(payload?: unknown) {
    this.payload = payload;
    this.sent = true;
    return this;
  }
}

export class RouteAnswers {
  readonly #handlers = new Map<string, Handler>();
  readonly #app: FastifyInstance;
  readonly #ctx: AppContext;

  /** Keeps the handlers of the routes added after it (an onRoute hook). */
  constructor(app: FastifyInstance, ctx: AppContext) {
    this.#app = app;
    this.#ctx = ctx;
    app.addHook('onRoute', (r) => {
      if (ROUTE_HOOKS.some((h) => r[h]) || /[:*]/.test(r.url)) return;
      for (const method of [r.method].flat()) this.#handlers.set(`${method} ${r.url}`, r.handler as Handler);
    });
  }

  /** Whether `method url` is a kept route: `answer` works it out, else it needs a request of its own. */
  has(method: string, url: string): boolean {
    return this.#handlers.has(`${method} ${url}`);
  }

  /**
   * The route's JSON text for the call, asked as `req`'s caller; undefined when the route refuses or
   * answers anything but 200 with JSON. A handler's error is the caller's to catch.
   */
  async answer(
    req: FastifyRequest,
    call: { method: string; url: string; body?: unknown; headers: Record<string, string> },
  ): Promise<string | undefined> {
    const { method, url } = call;
    const handler = this.#handlers.get(`${method} ${url}`);
    if (!handler || (await gateRefuses(this.#ctx, req, method, url))) return undefined;
    // The page's request (its cookies, address, session already read) asking for this call, with the
    // headers a call of the web app sends (none asking for a compressed body, for one).
    const inner = Object.create(req, {
      method: { value: method },
      url: { value: url },
      headers: { value: call.headers },
      query: { value: {} },
      params: { value: {} },
      body: { value: call.body },
    }) as FastifyRequest;
    const reply = new KeptReply();
    const returned = await handler.call(this.#app, inner, reply as unknown as FastifyReply);
    if (reply.statusCode !== 200) return undefined;
    // As Fastify sends them: an object as JSON, text and bytes as they are, of the type the handler set.
    const payload = reply.sent ? reply.payload : returned;
    if (payload === undefined || payload === null) return undefined;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return JSON.stringify(payload);
    return /^application\/json/.test(reply.getHeader('content-type') ?? '') ? payload.toString() : undefined;
  }
}
