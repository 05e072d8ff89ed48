/**
 * The CRM ("vcrm") behind a small adapter (DESIGN: off by default with a clear error; configured by a base
 * URL and a key in the site settings). Tests run it against a stand-in HTTP server on loopback.
 *
 * The REST contract we expect of the CRM (JSON both ways, `Authorization: Bearer {key}` on every call):
 *
 *   GET  {base}/individuals/{id}        200 Individual | 404 when there is no such contact
 *   GET  {base}/individuals?email={e}   200 { results: Individual[] } (empty when none matches)
 *   POST {base}/batch                   body { records: Contact[] } (1 to 100)
 *                                       200 { results: [{ externalId?, email, id?, status: 'created' | 'updated' | 'error', message? }] }
 *
 *   Individual = { id: number, externalId?, email, firstName?, lastName?, phone?, city?, state?, country?,
 *                  postalCode?, language?, updatedAt? }
 *   Contact    = the same without id and updatedAt. The CRM upserts by externalId (our user id), else by
 *                email, so a batch sent twice updates the same contacts: that is what makes retrying a POST safe.
 *
 * Every request has a time-out. Network errors, time-outs, 429 and 5xx answers are tried again with
 * exponential back-off (with jitter, capped), a bounded number of times; other 4xx answers are final.
 */

import type { CrmBatchResult } from '../../domain/replies-admin.ts';

export interface CrmIndividual {
  id: number;
  externalId?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  city?: string;
  state?: string;
  country?: string;
  postalCode?: string;
  language?: string;
  updatedAt?: string;
}
export type CrmContactInput = Omit<CrmIndividual, 'id' | 'updatedAt'>;
export type { CrmBatchResult };

/** Why a CRM call failed: it took too long, it is down or odd, it refused our key, or it refused the request. */
export type CrmFailure = 'timeout' | 'unavailable' | 'refused' | 'rejected';

export class CrmError extends Error {
  readonly kind: CrmFailure;
  /** The CRM's HTTP status, when it answered. */
  readonly status?: number;
  constructor(kind: CrmFailure, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export interface CrmOptions {
  baseUrl: string;
  key: string;
  /** One request's time-out. */
  timeoutMs?: number;
  /** Further tries after the first one fails (network error, time-out, 429, 5xx). */
  retries?: number;
  /** First back-off delay; it doubles with each try, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface CrmClient {
  getIndividual(id: string): Promise<CrmIndividual | null>;
  findByEmail(email: string): Promise<CrmIndividual[]>;
  postBatch(records: CrmContactInput[]): Promise<CrmBatchResult[]>;
}

const TEXT_FIELDS = [
  'externalId',
  'email',
  'firstName',
  'lastName',
  'phone',
  'city',
  'state',
  'country',
  'postalCode',
  'language',
  'updatedAt',
] as const;

/** The known fields of a CRM answer, as strings: nothing else the CRM sends reaches our clients. */
function toIndividual(raw: unknown): CrmIndividual | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'number' ? r.id : typeof r.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : NaN;
  if (!Number.isFinite(id) || typeof r.email !== 'string') return null;
  const out: CrmIndividual = { id, email: r.email };
  for (const k of TEXT_FIELDS) {
    const v = r[k];
    if (typeof v === 'string' || typeof v === 'number') (out as unknown as Record<string, string>)[k] = String(v).slice(0, 500);
  }
  return out;
}

function toBatchResult(raw: unknown): CrmBatchResult | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const status = r.status === 'created' || r.status === 'updated' ? r.status : 'error';
  return {
    ...(typeof r.externalId === 'string' ? { externalId: r.externalId } : {}),
    email: typeof r.email === 'string' ? r.email : '',
    ...(typeof r.id === 'number' ? { id: r.id } : {}),
    status,
    ...(typeof r.message === 'string' ? { message: r.message.slice(0, 500) } : {}),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createCrmClient(opts: CrmOptions): CrmClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 5000;
  const retries = Math.max(0, Math.min(opts.retries ?? 2, 5));
  const backoffMs = opts.backoffMs ?? 250;
  const maxBackoffMs = opts.maxBackoffMs ?? 4000;

  /** One call with its retries; 404 answers `null`, other final failures throw a CrmError. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let failure: CrmError;
      try {
        const res = await fetch(base + path, {
          method,
          headers: {
            authorization: `Bearer ${opts.key}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          // The time-out covers reading the body too: a CRM that stalls mid-answer is a time-out.
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        const text = await res.text();
        if (res.status === 404 && method === 'GET') return null;
        if (res.status === 401 || res.status === 403) throw new CrmError('refused', `CRM refused the key (${res.status})`, res.status);
        if (res.status >= 500 || res.status === 429) {
          failure = new CrmError('unavailable', `CRM answered ${res.status}`, res.status);
        } else if (res.status >= 400) {
          throw new CrmError('rejected', `CRM rejected the request (${res.status}): ${text.slice(0, 200)}`, res.status);
        } else {
          try {
            return text ? JSON.parse(text) : null;
          } catch {
            throw new CrmError('unavailable', 'CRM answered something other than JSON', res.status);
          }
        }
      } catch (err) {
        if (err instanceof CrmError) throw err;
        const name = (err as Error).name;
        failure =
          name === 'TimeoutError' || name === 'AbortError'
            ? new CrmError('timeout', `CRM did not answer within ${timeoutMs} ms`)
            : new CrmError('unavailable', `CRM unreachable: ${(err as Error).message}`);
      }
      if (attempt >= retries) throw failure;
      const delay = Math.min(maxBackoffMs, backoffMs * 2 ** attempt);
      await sleep(delay / 2 + Math.random() * (delay / 2));
    }
  }

  return {
    async getIndividual(id) {
      const raw = await call('GET', `/individuals/${encodeURIComponent(id)}`);
      return raw === null ? null : toIndividual(raw);
    },
    async findByEmail(email) {
      const raw = (await call('GET', `/individuals?email=${encodeURIComponent(email)}`)) as { results?: unknown } | null;
      const list = Array.isArray(raw?.results) ? raw.results : [];
      return list.map(toIndividual).filter((x): x is CrmIndividual => x !== null);
    },
    async postBatch(records) {
      const raw = (await call('POST', '/batch', { records })) as { results?: unknown } | null;
      if (!Array.isArray(raw?.results)) throw new CrmError('unavailable', 'CRM batch answer without results');
      return raw.results.map(toBatchResult).filter((x): x is CrmBatchResult => x !== null);
    },
  };
}
