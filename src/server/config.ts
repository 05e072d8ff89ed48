/** Environment settings, read and checked once at boot. */
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefix of every key this site writes to Redis, so several sites (or test runs) can share one. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,40}$/)
    .default('lp:'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Open Learning Commons <no-reply@example.org>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests allowed per minute per address (and per account) on login, register and reset. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  SEED_DEMO: z.string().optional(),
  /** Extra origins allowed to make state-changing requests (comma-separated), e.g. a dev server. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Public URL of the site, used in e-mails and certificate links. */
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().default('dist/web'),
  /** Bot check on survey answers: a reCAPTCHA-compatible verify URL and its secret, both or neither (off). */
  BOTCHECK_VERIFY_URL: z.string().optional(),
  BOTCHECK_SECRET: z.string().optional(),
  /** What the browser needs to get a token: the site key and the provider's script (https). */
  BOTCHECK_SITEKEY: z.string().optional(),
  BOTCHECK_SCRIPT_URL: z.string().url().optional(),
  /** Seconds SIGTERM waits for requests in flight before closing them. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().min(0).default(60),
  /** /metrics is closed unless a bearer token is set or it is opened to all (behind a private network). */
  METRICS_TOKEN: z.string().optional(),
  METRICS_PUBLIC: z.string().optional(),
  /** Worker processes the primary starts (npm run serve). */
  // Every core by default: one worker process per core the machine offers this process.
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => os.availableParallelism()),
  /** Runs data exports and the daily deletion and retention job in this process ('0' turns it off). */
  PRIVACY_WORKER: z.enum(['0', '1']).default('1'),
  MAIL_WORKER: z.string().default('1'),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /** Exports of accounts with more records than this are built in the background and announced by e-mail. */
  EXPORT_INLINE_MAX_RECORDS: z.coerce.number().int().min(0).default(2000),
  /**
   * Which proxies in front of the server are believed about the client's address (X-Forwarded-For):
   * a hop count (1 = the one load balancer) or a comma-separated list of addresses and CIDR ranges.
   * Unset: none, so the address is the TCP peer's and a forged header changes nothing.
   */
  TRUST_PROXY: z.string().default(''),
});

/** TRUST_PROXY as Fastify's trustProxy takes it: false, a hop count, or addresses and CIDR ranges. */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === '') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops < 1 || hops > 10) throw new Error('TRUST_PROXY: a hop count from 1 to 10, or addresses and CIDR ranges');
    return hops;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of list) {
    const [addr, bits, ...rest] = item.split('/');
    const family = net.isIP(addr);
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !okBits || rest.length) throw new Error(`TRUST_PROXY: "${item}" is not an address or CIDR range`);
  }
  return list;
}

export type Config = {
  env: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  rateLimitMax: number;
  seedDemo: boolean;
  allowedOrigins: string[];
  publicUrl?: string;
  webDist: string;
  botcheckVerifyUrl?: string;
  botcheckSecret?: string;
  /** Sent to browsers in the site config so the survey form can get a token. */
  botcheck?: { sitekey: string; scriptUrl: string };
  shutdownTimeoutS: number;
  metricsToken?: string;
  metricsPublic: boolean;
  webConcurrency: number;
  privacyWorker: boolean;
  /** Send queued e-mails from this process (MAIL_WORKER=0 turns it off). */
  mailWorker: boolean;
  /** The first retry's wait after a failed send; each later one doubles (capped at an hour). */
  mailRetryBaseMs: number;
  mailPollMs: number;
  exportInlineMaxRecords: number;
  /** Proxies believed about the client's address; false = none (the default, in production too). */
  trustProxy: false | number | string[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Links in e-mails and certificates are built from PUBLIC_URL alone, never from a request's Host header.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid environment:\nPUBLIC_URL: required in production (the address of the site, e.g. https://learn.example.org), for links in e-mails and certificates',
    );
  }
  if (e.PUBLIC_URL && !/^https?:\/\/[^/\s]+/i.test(e.PUBLIC_URL)) {
    throw new Error('Invalid environment:\nPUBLIC_URL: must start with https:// or http:// and name a host');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || `sqlite:${path.join(dataDir, 'app.db')}`,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL,
    webDist: path.resolve(e.WEB_DIST),
    botcheckVerifyUrl: e.BOTCHECK_VERIFY_URL || undefined,
    botcheckSecret: e.BOTCHECK_SECRET || undefined,
    privacyWorker: e.PRIVACY_WORKER === '1',
    mailWorker: e.MAIL_WORKER !== '0',
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    mailPollMs: e.MAIL_POLL_MS,
    exportInlineMaxRecords: e.EXPORT_INLINE_MAX_RECORDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    botcheck: e.BOTCHECK_SITEKEY && e.BOTCHECK_SCRIPT_URL ? { sitekey: e.BOTCHECK_SITEKEY, scriptUrl: e.BOTCHECK_SCRIPT_URL } : undefined,
    shutdownTimeoutS: e.SHUTDOWN_TIMEOUT_S,
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsPublic: e.METRICS_PUBLIC === '1' || e.METRICS_PUBLIC === 'true',
    webConcurrency: e.WEB_CONCURRENCY,
  };
}
