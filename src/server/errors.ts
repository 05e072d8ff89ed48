/** One error type with a status and a message, and one handler that gives every error the same shape. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { MSG } from '../domain/messages.ts';
import { fieldErrors } from '../domain/validation.ts';
import { faultKind, faultLog, RETRY_AFTER_S } from './faults.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Facts the client acts on beside the message (e.g. when the next exam attempt opens). */
  readonly extra?: Record<string, unknown>;
  /** Response headers that belong to the error, such as Retry-After on a 503. */
  readonly headers?: Record<string, string>;
  constructor(
    status: number,
    message: string,
    fields?: Record<string, string>,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.extra = extra;
    this.headers = headers;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message: string = MSG.signInRequired) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);

/** Parses input with a shared schema; bad input becomes a 400 with the rule's own message. */
export function parse<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? MSG.notValid, fieldErrors(result.error));
}

/** Requests whose session could not be read (Redis down): treated as signed out for public reads. */
export const sessionFaults = new WeakMap<FastifyRequest, Error>();

/** Most of a refused upload read and dropped so its sender can read the 413; past it the socket is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Reads and drops the rest of a request body, up to `limit` bytes; resolves once it has ended. */
function drainBody(raw: FastifyRequest['raw'], limit: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) done();
    };
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // A request refused before its body is read (too large, or refused by a hook: cross-site, signed out).
  // Answering at once would close the socket while the client is still writing (it sees EPIPE, never the
  // answer), so the rest is read and dropped first. A body already read to its end (an in-process
  // request, whose `complete` is never set) has nothing left to drain.
  const status = error instanceof HttpError ? error.status : (error as FastifyError).statusCode;
  const unread = !request.raw.complete && !request.raw.readableEnded && !request.raw.destroyed;
  if (status && status >= 400 && status < 500 && unread) {
    return drainBody(request.raw, DRAIN_LIMIT).then(() => sendError(error, request, reply));
  }
  return sendError(error, request, reply);
}

function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError && (error.status === 401 || error.status === 403) && sessionFaults.has(request)) {
    // The visitor may well be signed in: Redis could not say. "Sign in" would be a false answer.
    return sendError(sessionFaults.get(request)!, request, reply);
  }
  if (error instanceof HttpError) {
    const body: { message: string; fields?: Record<string, string> } = { message: error.message };
    if (error.fields) body.fields = error.fields;
    if (error.extra) Object.assign(body, error.extra, body);
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.status).send({ error: body });
  }
  if (error instanceof ZodError) {
    return reply.status(400).send({ error: { message: error.issues[0]?.message ?? MSG.notValid, fields: fieldErrors(error) } });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limits.
    const message = status === 429 ? MSG.tooManyRequests : status === 413 ? MSG.bodyTooLarge : error.message;
    return reply.status(status).send({ error: { message } });
  }
  const fault = faultKind(error);
  if (fault === 'unique') {
    // Two requests raced to create the same thing; the loser is told plainly, nothing was written twice.
    return reply.status(409).send({ error: { message: MSG.writeConflict } });
  }
  if (fault) {
    faultLog.warn(request.log, fault, error, `${fault} fault: request answered ${fault === 'disk' ? 507 : 503}`);
    if (fault === 'disk') return reply.status(507).send({ error: { message: MSG.diskFull } });
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_S))
      .header('Cache-Control', 'no-store')
      .send({ error: { message: fault === 'redis' ? MSG.sessionsUnavailable : MSG.databaseUnavailable } });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ error: { message: MSG.serverError } });
}
