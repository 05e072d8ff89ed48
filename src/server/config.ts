/** Environment settings, read and checked once at boot. */
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
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
});

export type Config = {
  env: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl?: string;
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
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || `sqlite:${path.join(dataDir, 'app.db')}`,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    allowedOrigins: e.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    publicUrl: e.PUBLIC_URL,
    webDist: path.resolve(e.WEB_DIST),
    botcheckVerifyUrl: e.BOTCHECK_VERIFY_URL || undefined,
    botcheckSecret: e.BOTCHECK_SECRET || undefined,
    botcheck: e.BOTCHECK_SITEKEY && e.BOTCHECK_SCRIPT_URL ? { sitekey: e.BOTCHECK_SITEKEY, scriptUrl: e.BOTCHECK_SCRIPT_URL } : undefined,
  };
}
