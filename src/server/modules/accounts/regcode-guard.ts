/**
 * A private group's registration code is what lets one join it, so tries are counted: per signed-in
 * user and per address, over a quarter of an hour. A learner with the right code needs one try; a
 * guesser is stopped after a handful, whichever account or address he moves to next.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { MSG } from '../../../domain/messages.ts';

export const REGCODE_WINDOW_MS = 15 * 60_000;
export const REGCODE_TRIES_PER_USER = 10;
export const REGCODE_TRIES_PER_ADDRESS = 30;

/** Counts one registration-code try; 429 with a clear message once the user or the address is over. */
export async function countRegcodeTry(ctx: AppContext, req: FastifyRequest, userId?: string): Promise<void> {
  const checks = [ctx.limiter.hit(`regcode:addr:${req.ip}`, REGCODE_TRIES_PER_ADDRESS, REGCODE_WINDOW_MS)];
  if (userId) checks.push(ctx.limiter.hit(`regcode:user:${userId}`, REGCODE_TRIES_PER_USER, REGCODE_WINDOW_MS));
  if ((await Promise.all(checks)).includes(false)) throw new HttpError(429, MSG.regcodeTooManyTries);
}
