/**
 * A CRM stand-in for tests: a real HTTP server on loopback that speaks the contract described in crm.ts
 * (individuals by id and by e-mail, batch upserts by externalId or e-mail, bearer key). Tests queue
 * failures (`failNext.push(503)`) and slow answers (`delayMs`) to try retries and time-outs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CrmIndividual } from './crm.ts';

export interface CrmStandIn {
  url: string;
  key: string;
  /** Contacts by id. */
  individuals: Map<number, CrmIndividual>;
  /** Every request as "METHOD path", in order. */
  hits: string[];
  /** Statuses answered (one per request) before the normal answers resume. */
  failNext: number[];
  /** Every answer waits this long (0: none). */
  delayMs: number;
  close(): Promise<void>;
}

/** An address the stand-in refuses on purpose, answering the contract's per-record error. */
export const REJECTED_EMAIL = 'rejected@example.org';

export async function startCrmStandIn(key = 'test-crm-key'): Promise<CrmStandIn> {
  let nextId = 5000;
  const state: Omit<CrmStandIn, 'url' | 'close'> = { key, individuals: new Map(), hits: [], failNext: [], delayMs: 0 };
  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url!, 'http://crm');
    state.hits.push(`${req.method} ${url.pathname}${url.search}`);
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (res.destroyed) return;
    const failure = state.failNext.shift();
    if (failure) return send(res, failure, { error: 'simulated failure' });
    if (req.headers.authorization !== `Bearer ${state.key}`) return send(res, 401, { error: 'bad key' });

    const byId = /^\/individuals\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && byId) {
      const found = state.individuals.get(Number(byId[1]));
      return found ? send(res, 200, found) : send(res, 404, { error: 'not found' });
    }
    if (req.method === 'GET' && url.pathname === '/individuals') {
      const email = (url.searchParams.get('email') ?? '').toLowerCase();
      return send(res, 200, { results: [...state.individuals.values()].filter((i) => i.email.toLowerCase() === email) });
    }
    if (req.method === 'POST' && url.pathname === '/batch') {
      let records: Partial<CrmIndividual>[];
      try {
        records = JSON.parse(Buffer.concat(chunks).toString('utf8')).records;
        if (!Array.isArray(records) || records.length === 0 || records.length > 100) throw new Error('records');
      } catch {
        return send(res, 400, { error: 'records must be a list of 1 to 100 contacts' });
      }
      const results = records.map((r) => {
        if (!r.email || r.email === REJECTED_EMAIL)
          return { externalId: r.externalId, email: r.email ?? '', status: 'error', message: 'Invalid address' };
        const existing = [...state.individuals.values()].find(
          (i) => (r.externalId && i.externalId === r.externalId) || i.email === r.email,
        );
        const id = existing?.id ?? nextId++;
        state.individuals.set(id, { ...existing, ...r, id, email: r.email, updatedAt: new Date().toISOString() } as CrmIndividual);
        return { externalId: r.externalId, email: r.email, id, status: existing ? 'updated' : 'created' };
      });
      return send(res, 200, { results });
    }
    send(res, 404, { error: 'no such endpoint' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
