/**
 * Password hashing (argon2id, OWASP parameters) on a bounded pool of worker threads of its own.
 * A burst of sign-ins then waits in this pool's queue only: file reads and database calls keep their
 * threads, so the rest of the site stays quick. When the queue is full the caller gets a 503 with
 * Retry-After instead of a request that hangs until it times out.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { Piscina } from 'piscina';
import { HttpError } from '../errors.ts';
import { MSG } from '../../domain/messages.ts';
import type { PasswordTask } from './password-worker.ts';

/**
 * Hashing threads for this process: the machine's cores less one, shared among the server processes,
 * and at least one. A core left to the event loops is what keeps pages quick while sign-ins queue.
 */
function threadCount(): number {
  const configured = Number(process.env.PASSWORD_THREADS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  const processes = Math.max(1, Number(process.env.WEB_CONCURRENCY) || 1);
  return Math.max(1, Math.floor((os.availableParallelism() - 1) / processes));
}

/**
 * The hashing threads run at a lower scheduling priority (a nice value added to the process's): with
 * every core busy the event loops and the database get the CPU first and sign-ins the rest, so a burst
 * of sign-ins cannot starve the site; on an idle machine a hash takes as long as ever. Without it, two
 * server processes on two cores each had a hashing thread, and a burst of sign-ins could take both cores
 * from every event loop. PASSWORD_NICE sets it (0 for the same priority); Linux and macOS.
 */
function hashingNice(): number {
  const configured = Number(process.env.PASSWORD_NICE);
  return Number.isInteger(configured) && configured >= 0 && configured <= 19 ? configured : 10;
}

/** Seconds a refused caller is told to wait: about the time the queue takes to drain. */
export const PASSWORD_RETRY_AFTER_S = 2;

let pool: Piscina | null = null;
function passwordPool(): Piscina {
  if (!pool) {
    const threads = threadCount();
    pool = new Piscina({
      filename: new URL('./password-worker.ts', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      // About two seconds of work per thread (a hash takes ~25 ms): a longer queue would only add waiting.
      maxQueue: Math.max(16, threads * Number(process.env.PASSWORD_QUEUE_PER_THREAD ?? 80)),
      idleTimeout: 60_000,
      niceIncrement: hashingNice(),
    });
  }
  return pool;
}

async function runTask<T>(task: PasswordTask): Promise<T> {
  try {
    return (await passwordPool().run(task)) as T;
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) {
      throw new HttpError(503, MSG.signInBusy, undefined, undefined, { 'retry-after': String(PASSWORD_RETRY_AFTER_S) });
    }
    throw err;
  }
}

export const hashPassword = (password: string) => runTask<string>({ op: 'hash', password });

export const verifyPassword = (hash: string, password: string) => runTask<boolean>({ op: 'verify', hash, password });

/** Hashes waiting for a thread in this process (a metric: a queue that stays long means too few threads). */
export const passwordQueueLength = (): number => pool?.queueSize ?? 0;

/** Stops the threads (tests and scripts that must exit; the server leaves them to the process end). */
export async function closePasswordPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

/** A temporary password that passes the registration rule (letters, digits and a special character). */
export function temporaryPassword(): string {
  return `${crypto.randomBytes(16).toString('base64url')}-${crypto.randomInt(10, 99)}!`;
}
