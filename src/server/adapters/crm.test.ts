/**
 * The CRM adapter against the stand-in CRM on loopback: the contract's calls, bounded retries with
 * back-off on 5xx and network errors, no retry on other 4xx, and the time-out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCrmClient, CrmError } from './crm.ts';
import { startCrmStandIn, type CrmStandIn } from './crm.standin.ts';

describe('CRM adapter against a stand-in CRM on loopback', () => {
  let crm: CrmStandIn;
  beforeAll(async () => {
    crm = await startCrmStandIn('k-123');
    crm.individuals.set(1001, { id: 1001, email: 'ana@example.org', firstName: 'Ana', lastName: 'Silva', country: 'Portugal' });
  });
  afterAll(() => crm.close());
  beforeEach(() => {
    crm.hits.length = 0;
    crm.failNext.length = 0;
    crm.delayMs = 0;
  });

  const client = (over: Partial<Parameters<typeof createCrmClient>[0]> = {}) =>
    createCrmClient({ baseUrl: `${crm.url}/`, key: 'k-123', timeoutMs: 1000, backoffMs: 20, ...over });

  async function failure(p: Promise<unknown>): Promise<CrmError> {
    try {
      await p;
    } catch (err) {
      if (err instanceof CrmError) return err;
      throw err;
    }
    throw new Error('expected a CrmError');
  }

  it('finds an individual by id and by e-mail, and answers null or [] when there is none', async () => {
    expect(await client().getIndividual('1001')).toEqual({
      id: 1001,
      email: 'ana@example.org',
      firstName: 'Ana',
      lastName: 'Silva',
      country: 'Portugal',
    });
    expect(await client().getIndividual('999999')).toBeNull();
    expect(await client().findByEmail('ana@example.org')).toHaveLength(1);
    expect(await client().findByEmail('nobody@example.org')).toEqual([]);
    expect(crm.hits).toContain('GET /individuals?email=ana%40example.org');
  });

  it('posts a batch: new contacts are created, known ones updated (by externalId)', async () => {
    const first = await client().postBatch([{ externalId: 'u-1', email: 'new@example.org', firstName: 'Nu' }]);
    expect(first).toEqual([expect.objectContaining({ externalId: 'u-1', status: 'created' })]);
    const again = await client().postBatch([{ externalId: 'u-1', email: 'new@example.org', firstName: 'Nuno' }]);
    expect(again[0]).toMatchObject({ status: 'updated', id: first[0].id });
  });

  it('tries again after a 503 and succeeds, waiting between tries', async () => {
    crm.failNext.push(503);
    const started = Date.now();
    expect(await client({ backoffMs: 100 }).getIndividual('1001')).toMatchObject({ id: 1001 });
    expect(crm.hits).toEqual(['GET /individuals/1001', 'GET /individuals/1001']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50); // half the first back-off at least (jitter)
  });

  it('gives up after the bounded number of tries', async () => {
    crm.failNext.push(503, 502, 500, 503, 503);
    const err = await failure(client({ retries: 2 }).getIndividual('1001'));
    expect(err.kind).toBe('unavailable');
    expect(err.status).toBe(500); // the third and last try's answer
    expect(crm.hits).toHaveLength(3);
  });

  it('does not try again after a 4xx answer: a refused key or a rejected request is final', async () => {
    const refused = await failure(createCrmClient({ baseUrl: crm.url, key: 'wrong', backoffMs: 1 }).getIndividual('1001'));
    expect(refused.kind).toBe('refused');
    expect(crm.hits).toHaveLength(1);
    crm.failNext.push(422);
    expect((await failure(client().postBatch([{ email: 'x@example.org' }]))).kind).toBe('rejected');
    expect(crm.hits).toHaveLength(2);
  });

  it('gives up on a slow CRM after the time-out (each try bounded)', async () => {
    crm.delayMs = 1500;
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 150, retries: 1 }).getIndividual('1001'));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(crm.hits).toHaveLength(2);
  });

  it('reports a CRM that cannot be reached as unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(
      createCrmClient({ baseUrl: `http://127.0.0.1:${port}`, key: 'k', retries: 1, backoffMs: 1 }).findByEmail('a@b.co'),
    );
    expect(err.kind).toBe('unavailable');
  });

  it('passes on only the known fields of what the CRM answers', async () => {
    crm.individuals.set(1002, { id: 1002, email: 'odd@example.org', secret: 'internal', firstName: 'Odd' } as never);
    expect(await client().getIndividual('1002')).toEqual({ id: 1002, email: 'odd@example.org', firstName: 'Odd' });
  });
});
