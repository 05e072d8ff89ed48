/**
 * Sign-in throttling that stops guessing without letting anyone lock the owner out (OWASP "blocking
 * brute-force attacks" with device cookies):
 * - per address: at most RATE_LIMIT_MAX sign-in requests a minute, and failures beyond a share per hour
 *   put the address on a growing back-off (2 s, 4 s, 8 s ... up to an hour);
 * - per (account, address): after a few failures the pair gets the same growing back-off;
 * - per account: failures from browsers the account has not signed in from are counted together, and
 *   past a limit the account refuses such browsers for a growing time. A browser holding the account's
 *   device cookie (set at every successful sign-in) is not subject to this account-wide limit, so an
 *   attacker spraying from many addresses cannot keep the owner out. A device cookie that fails too
 *   often loses that privilege.
 * The same counters guard the second sign-in step (codes), keyed by the account.
 * Counters and blocks live in the rate-limit adapter (memory or Redis), so every process shares them.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { HttpError } from './errors.ts';
import { MSG } from '../domain/messages.ts';
import { sign, unsign } from './signing.ts';
import { cookieOptions } from './auth.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BASE_DELAY_MS = 2000;
const DEVICE_KEY = 'device-cookie';
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

export const deviceCookieName = (production: boolean) => (production ? '__Host-device' : 'device');

interface DeviceCookie {
  a: string;
  n: string;
  t: number;
}

/** A short, fixed-length key for an account name (no e-mail addresses in Redis keys or logs). */
const accountKey = (login: string) => crypto.createHash('sha256').update(login.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** How many failures are free before back-off starts; the tests' RATE_LIMIT_MAX scales them. */
export function thresholds(rateLimitMax: number) {
  return {
    pair: Math.max(3, Math.ceil(rateLimitMax / 2)),
    device: Math.max(3, Math.ceil(rateLimitMax / 2)),
    account: rateLimitMax * 2,
    address: rateLimitMax * 3,
  };
}

/** 2 s for the first failure past the free ones, doubling each time, never above `capMs`. */
export const backoffMs = (over: number, capMs: number) => Math.min(capMs, BASE_DELAY_MS * 2 ** Math.min(30, Math.max(0, over - 1)));

function tooMany(reply: FastifyReply, ms: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(ms / 1000))));
  throw new HttpError(429, MSG.tooManyRequests);
}

export interface Attempt {
  /** The browser holds a device cookie of this account that is still trusted. */
  knownDevice: boolean;
  keys: { pair: string; address: string; account: string; device: string | null };
}

/**
 * Before checking a password: refuses (429, Retry-After) when the address, the (account, address)
 * pair or, for a browser the account does not know, the account itself is backing off.
 */
export async function beginSignIn(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  login: string,
  kind = 'login',
): Promise<Attempt> {
  const { limiter, config } = ctx;
  if (!(await limiter.hit(`${kind}:ip:${req.ip}`, config.rateLimitMax, MINUTE))) tooMany(reply, MINUTE);
  const attempt = await signInKeys(ctx, req, login, kind);
  const { keys, knownDevice } = attempt;
  const waits = await Promise.all([keys.pair, keys.address, ...(knownDevice ? [] : [keys.account])].map((k) => limiter.blockedFor(k)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) tooMany(reply, wait);
  return attempt;
}

/** The counters a sign-in attempt of this browser, address and account is kept under. */
export async function signInKeys(ctx: AppContext, req: FastifyRequest, login: string, kind = 'login'): Promise<Attempt> {
  const acct = accountKey(login);
  const cookie = await unsign<DeviceCookie>(ctx.db, DEVICE_KEY, req.cookies?.[deviceCookieName(ctx.config.production)]);
  const deviceKey = cookie && cookie.a === acct ? `${kind}:fail:dev:${cookie.n}` : null;
  const keys = {
    pair: `${kind}:fail:pair:${acct}:${req.ip}`,
    address: `${kind}:fail:ip:${req.ip}`,
    account: `${kind}:fail:acct:${acct}`,
    device: deviceKey,
  };
  const knownDevice = !!deviceKey && (await ctx.limiter.blockedFor(deviceKey)) === 0;
  return { knownDevice, keys };
}

/** After a wrong password (or code): counts it under each key and starts or lengthens back-offs. */
export async function failedSignIn(ctx: AppContext, attempt: Attempt): Promise<void> {
  const { limiter, config } = ctx;
  const t = thresholds(config.rateLimitMax);
  const { keys } = attempt;
  const step = async (key: string, free: number, capMs: number) => {
    const n = await limiter.count(key, HOUR);
    if (n > free) await limiter.block(key, backoffMs(n - free, capMs));
  };
  await Promise.all([
    step(keys.pair, t.pair, 15 * MINUTE),
    step(keys.address, t.address, HOUR),
    // A known device's failures count against that device, not against the owner's account.
    attempt.knownDevice && keys.device ? step(keys.device, t.device, HOUR) : step(keys.account, t.account, HOUR),
  ]);
}

/** After a complete sign-in: the pair's failures are forgiven and the browser becomes a known device. */
export async function succeededSignIn(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  attempt: Attempt,
  login: string,
): Promise<void> {
  await ctx.limiter.clear(attempt.keys.pair);
  if (attempt.keys.device) await ctx.limiter.clear(attempt.keys.device);
  await rememberDevice(ctx, req, reply, login);
}

export async function rememberDevice(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, login: string): Promise<void> {
  const value = await sign(ctx.db, DEVICE_KEY, {
    a: accountKey(login),
    n: crypto.randomBytes(12).toString('base64url'),
    t: ctx.clock.now(),
  } satisfies DeviceCookie);
  reply.setCookie(deviceCookieName(ctx.config.production), value, { ...cookieOptions(ctx, req), maxAge: DEVICE_MAX_AGE_S });
}
