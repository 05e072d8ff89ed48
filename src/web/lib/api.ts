/**
 * The one API client: JSON in and out, same-origin cookie session, errors unwrapped into ApiError
 * with the server's `{ error: { message, fields } }`.
 */
import { addStatus } from './status.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../../domain/constants.ts';
import { MSG } from '../../domain/messages.ts';
import { isKeptRead, recallRead, rememberRead } from './offline/reads.ts';
import { takeFirstReply } from './first-replies.ts';

/** Sent with every call, uploads included: the server refuses a state-changing request that has neither an origin nor this header. */
export const APP_HEADERS: Record<string, string> = { accept: 'application/json', [APP_REQUEST_HEADER]: APP_REQUEST_VALUE };

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

/** What a reply may carry besides its data: an info or error message for the status area. */
interface ReplyMessages {
  info?: { message: string };
  error?: { message: string; fields?: Record<string, string> };
}

/** A server that is briefly too busy (503 with Retry-After) is asked again this many times. */
const BUSY_RETRIES = 5;
/** Longest Retry-After the app waits out by itself; a longer one is shown to the user as an error. */
const BUSY_WAIT_LIMIT_S = 30;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal, attempt = 0): Promise<T> {
  const early = attempt === 0 ? takeFirstReply(method, path, body) : undefined;
  if (early) {
    try {
      const data = await early.reply;
      if (early.fromPage && isKeptRead(method, path)) void rememberRead(method, path, body, data);
      return data as T;
    } catch {
      // The early call failed: this one asks again and reports its own outcome.
    }
  }
  // The browser knows it has no connection: a kept read answers at once, not after a request that
  // can only fail. A read never kept is still asked for, and says below that it is not available.
  if (attempt === 0 && typeof navigator !== 'undefined' && navigator.onLine === false && isKeptRead(method, path)) {
    const saved = await recallRead(method, path, body);
    if (saved) return saved.data as T;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { ...APP_HEADERS } : { ...APP_HEADERS, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // No connection: a read made before answers from the device; one never made says so.
    if (isKeptRead(method, path)) {
      const saved = await recallRead(method, path, body);
      if (saved) return saved.data as T;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        // Said in the status area too, whatever the screen does with a failed read.
        addStatus('warning', MSG.notAvailableOffline, 0);
        throw new ApiError(0, MSG.notAvailableOffline);
      }
    }
    throw new ApiError(0, (err as Error).message || 'Network error');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  if (res.status === 503 && retryAfter > 0 && retryAfter <= BUSY_WAIT_LIMIT_S && attempt < BUSY_RETRIES) {
    // Busy, not broken (a burst of sign-ins): say so, wait as the server asks, and try again.
    const message = (data as ReplyMessages | undefined)?.error?.message;
    if (message) addStatus('info', message, retryAfter * 1000);
    await wait(retryAfter * 1000, signal);
    return request<T>(method, path, body, signal, attempt + 1);
  }
  if (!res.ok) {
    const e = (data as ReplyMessages | undefined)?.error;
    throw new ApiError(res.status, e?.message ?? res.statusText ?? `HTTP ${res.status}`, e?.fields ?? {});
  }
  if (isKeptRead(method, path)) void rememberRead(method, path, body, data);
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body: unknown = {}, signal?: AbortSignal) => request<T>('POST', path, body, signal),
};
