/**
 * Faults of the services the app depends on (database, Redis, disk), told apart from programming
 * errors so the one error handler can answer 503/507 with a clear message instead of a bare 500, and
 * logged at most once per kind per interval so an outage cannot flood the log.
 */
import type { FastifyBaseLogger } from 'fastify';

export type FaultKind = 'database' | 'redis' | 'disk' | 'unique';

/** Thrown by the Redis adapters when Redis does not answer, so the handler need not guess. */
export class DependencyError extends Error {
  readonly kind: FaultKind;
  constructor(kind: FaultKind, cause: unknown) {
    super(`${kind} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.kind = kind;
  }
}

// PostgreSQL SQLSTATE classes and codes that mean "the server is not there right now", not "your query is wrong".
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '08007']);
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_CONNECTION_TEXT =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/** What kind of dependency fault `err` is, or null for anything else (a bug: 500). */
export function faultKind(err: unknown): FaultKind | null {
  if (!(err instanceof Error)) return null;
  if (err instanceof DependencyError) return err.kind;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'unique';
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100') return 'disk';
    if (PG_UNAVAILABLE.has(code) || NET_CODES.has(code)) return 'database';
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY')
      return 'database';
  }
  if (PG_CONNECTION_TEXT.test(err.message)) return 'database';
  // An AggregateError (several addresses refused) carries the codes on its parts.
  if (err instanceof AggregateError) return err.errors.map(faultKind).find((k) => k && k !== 'unique') ?? null;
  return null;
}

/** Seconds a client should wait before retrying, sent as Retry-After with every 503. */
export const RETRY_AFTER_S = 5;

/**
 * One log line per fault kind per interval, with how many more happened in between: an outage under
 * load is thousands of failed requests, and the log must stay readable (and the disk must not fill).
 */
export class FaultLog {
  private last = new Map<string, { at: number; suppressed: number }>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  constructor(intervalMs = 10_000, now: () => number = Date.now) {
    this.intervalMs = intervalMs;
    this.now = now;
  }

  /** True when this occurrence should be logged; `suppressed` says how many were skipped before it. */
  take(kind: string): { log: boolean; suppressed: number } {
    const t = this.now();
    const entry = this.last.get(kind);
    if (entry && t - entry.at < this.intervalMs) {
      entry.suppressed += 1;
      return { log: false, suppressed: entry.suppressed };
    }
    const suppressed = entry?.suppressed ?? 0;
    this.last.set(kind, { at: t, suppressed: 0 });
    return { log: true, suppressed };
  }

  warn(log: Pick<FastifyBaseLogger, 'warn'>, kind: string, err: unknown, msg: string) {
    const { log: yes, suppressed } = this.take(kind);
    if (!yes) return;
    const message = err instanceof Error ? err.message : String(err);
    log.warn({ fault: kind, error: message, code: (err as { code?: unknown })?.code, suppressedSinceLast: suppressed }, msg);
  }
}

/** Shared by the app's adapters and handler; one per process is what "rate-limited" means. */
export const faultLog = new FaultLog();

/** Where adapters log when no request is at hand (pool and Redis events): set once by the app. */
let processLog: Pick<FastifyBaseLogger, 'warn'> = {
  warn: (obj: unknown, msg?: string) => process.stderr.write(`${JSON.stringify({ level: 40, ...(obj as object), msg })}\n`),
} as Pick<FastifyBaseLogger, 'warn'>;
export function setFaultLogger(log: Pick<FastifyBaseLogger, 'warn'>) {
  processLog = log;
}
export function logFault(kind: string, err: unknown, msg: string) {
  faultLog.warn(processLog, kind, err, msg);
}
