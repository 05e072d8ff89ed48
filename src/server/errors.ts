/** One error type with a status and a message, and one handler that gives every error the same shape. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { MSG } from '../domain/messages.ts';
import { fieldErrors } from '../domain/validation.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
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

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const body: { message: string; fields?: Record<string, string> } = { message: error.message };
    if (error.fields) body.fields = error.fields;
    return reply.status(error.status).send({ error: body });
  }
  if (error instanceof ZodError) {
    return reply.status(400).send({ error: { message: error.issues[0]?.message ?? MSG.notValid, fields: fieldErrors(error) } });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limits.
    return reply.status(status).send({ error: { message: status === 429 ? MSG.tooManyRequests : error.message } });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ error: { message: MSG.serverError } });
}
