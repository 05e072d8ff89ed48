/**
 * CRM sync (/app_integrations/vcrm/*) through the real server, on SQLite and on PostgreSQL, against the
 * stand-in CRM on loopback: found, not found, invalid identifier, retry then success, time-out, not
 * configured, refused key, batches and syncs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildUser, roleClients } from '../../testing/factories.ts';
import { REJECTED_EMAIL, startCrmStandIn, type CrmStandIn } from '../../adapters/crm.standin.ts';
import { MSG } from '../../../domain/messages.ts';

type Clients = Awaited<ReturnType<typeof roleClients>>;
const CALLS: [string, unknown][] = [
  ['/app_integrations/vcrm/getIndividual', { id: 1001 }],
  ['/app_integrations/vcrm/getContactByEmailQuery', { email: 'ana@example.org' }],
  ['/app_integrations/vcrm/postBatch', { records: [{ email: 'batch@example.org' }] }],
  ['/app_integrations/vcrm/syncRecentUsers', {}],
  ['/app_integrations/vcrm/syncUser', { _id: 'someone' }],
];

describeEachEngine('CRM sync API', (server) => {
  let c: Clients;
  let crm: CrmStandIn;
  beforeAll(async () => {
    c = await roleClients(server());
    crm = await startCrmStandIn('crm-key-1');
    crm.individuals.set(1001, { id: 1001, email: 'ana@example.org', firstName: 'Ana', lastName: 'Silva' });
  });
  afterAll(() => crm?.close());
  beforeEach(() => {
    crm.hits.length = 0;
    crm.failNext.length = 0;
    crm.delayMs = 0;
  });

  const configure = (crmSettings: Record<string, unknown>) => c.admin.post('/app_admin/setConfig', { crm: crmSettings });

  it('answers 409 with a clear message while the CRM is not configured, and calls nothing', async () => {
    for (const [url, body] of CALLS) {
      const r = await c.admin.post(url, body);
      expect(r.status, url).toBe(409);
      expect(r.body.error.message).toBe(MSG.crmNotConfigured);
    }
    // A base URL without a key is not a configuration either.
    await configure({ baseUrl: crm.url });
    expect((await c.admin.post(CALLS[0][0], CALLS[0][1])).status).toBe(409);
    expect(crm.hits).toEqual([]);
  });

  describe('configured', () => {
    beforeAll(async () => {
      expect((await configure({ baseUrl: crm.url, key: 'crm-key-1', timeoutMs: 2000 })).status).toBe(200);
    });

    it('every call is for admins only: 401 signed out, 403 for learners and editors', async () => {
      for (const [url, body] of CALLS) {
        expect((await c.visitor.post(url, body)).status, url).toBe(401);
        expect((await c.learner.post(url, body)).status, url).toBe(403);
        expect((await c.editor.post(url, body)).status, url).toBe(403);
      }
      expect(crm.hits).toEqual([]);
    });

    it('getIndividual finds a contact by numeric id or by e-mail', async () => {
      for (const id of [1001, '1001', 'ana@example.org', 'ANA@example.org']) {
        const r = await c.admin.post('/app_integrations/vcrm/getIndividual', { id });
        expect(r.status, String(id)).toBe(200);
        expect(r.body.individual).toMatchObject({ id: 1001, email: 'ana@example.org', firstName: 'Ana' });
      }
      expect(crm.hits).toContain('GET /individuals/1001');
    });

    it('getIndividual answers 404 when the CRM has no such contact', async () => {
      for (const id of [424242, 'nobody@example.org']) {
        const r = await c.admin.post('/app_integrations/vcrm/getIndividual', { id });
        expect(r.status).toBe(404);
        expect(r.body.error.message).toBe(MSG.crmNotFound);
      }
    });

    it('getIndividual refuses anything but a number or an e-mail with the spec message, asking the CRM nothing', async () => {
      for (const id of ['abc', '12a', 'a@', '@', '', -5, 1.5, null, ['1001'], { $gt: 0 }, '1'.repeat(30)]) {
        const r = await c.admin.post('/app_integrations/vcrm/getIndividual', { id });
        expect(r.status, JSON.stringify(id)).toBe(400);
        expect(r.body.error.message).toBe(MSG.invalidContact);
      }
      expect((await c.admin.post('/app_integrations/vcrm/getIndividual', {})).body.error.message).toBe(MSG.invalidContact);
      expect(crm.hits).toEqual([]);
    });

    it('tries again when the CRM answers 503, then succeeds', async () => {
      crm.failNext.push(503);
      const r = await c.admin.post('/app_integrations/vcrm/getIndividual', { id: 1001 });
      expect(r.status).toBe(200);
      expect(r.body.individual.id).toBe(1001);
      expect(crm.hits).toEqual(['GET /individuals/1001', 'GET /individuals/1001']);
    });

    it('answers 502 when the CRM keeps failing (after a bounded number of tries)', async () => {
      crm.failNext.push(503, 503, 503, 503, 503, 503);
      const r = await c.admin.post('/app_integrations/vcrm/getIndividual', { id: 1001 });
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe(MSG.crmUnavailable);
      expect(crm.hits.length).toBe(3);
    });

    it('answers 504 when the CRM is too slow', async () => {
      await configure({ timeoutMs: 200 });
      crm.delayMs = 2000;
      const started = Date.now();
      const r = await c.admin.post('/app_integrations/vcrm/getIndividual', { id: 1001 });
      expect(r.status).toBe(504);
      expect(r.body.error.message).toBe(MSG.crmTimeout);
      expect(Date.now() - started).toBeLessThan(2000);
      crm.delayMs = 0;
      await configure({ timeoutMs: 2000 });
    });

    it('answers 502 with a clear message when the CRM refuses the key', async () => {
      await configure({ key: 'wrong-key' });
      const r = await c.admin.post('/app_integrations/vcrm/getContactByEmailQuery', { email: 'ana@example.org' });
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe(MSG.crmRefused);
      expect(crm.hits).toHaveLength(1); // a refused key is not tried again
      await configure({ key: 'crm-key-1' });
    });

    it('getContactByEmailQuery lists the contacts with that address', async () => {
      expect((await c.admin.post('/app_integrations/vcrm/getContactByEmailQuery', { email: 'ana@example.org' })).body).toEqual({
        list: [expect.objectContaining({ id: 1001 })],
      });
      expect((await c.admin.post('/app_integrations/vcrm/getContactByEmailQuery', { email: 'none@example.org' })).body).toEqual({
        list: [],
      });
      const bad = await c.admin.post('/app_integrations/vcrm/getContactByEmailQuery', { email: 'not-an-email' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(MSG.invalidContact);
    });

    it('postBatch sends contacts and answers the result of each', async () => {
      const r = await c.admin.post('/app_integrations/vcrm/postBatch', {
        records: [{ externalId: 'ext-1', email: 'Batch.One@example.org', firstName: 'One' }, { email: REJECTED_EMAIL }],
      });
      expect(r.status).toBe(200);
      expect(r.body.results).toEqual([
        expect.objectContaining({ externalId: 'ext-1', email: 'batch.one@example.org', status: 'created' }),
        expect.objectContaining({ email: REJECTED_EMAIL, status: 'error', message: 'Invalid address' }),
      ]);
    });

    it('postBatch refuses bad batches and sends nothing', async () => {
      const many = Array.from({ length: 101 }, (_, i) => ({ email: `m${i}@example.org` }));
      const cases: [unknown, string][] = [
        [{ records: [] }, MSG.crmBatchSize],
        [{ records: many }, MSG.crmBatchSize],
        [{ records: 'all' }, MSG.crmBatchSize],
        [{}, MSG.crmBatchSize],
        [{ records: [{ firstName: 'No mail' }] }, MSG.emailRequired],
        [{ records: [{ email: 'a@example.org', password: 'x' }] }, MSG.unknownSetting],
      ];
      for (const [body, message] of cases) {
        const r = await c.admin.post('/app_integrations/vcrm/postBatch', body);
        expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(r.body.error.message).toContain(message);
      }
      expect(crm.hits).toEqual([]);
    });

    it('syncUser pushes one account, with our user id as externalId', async () => {
      const u = await buildUser(server().ctx, { city: 'Lisbon', lang: 'pt' });
      const r = await c.admin.post('/app_integrations/vcrm/syncUser', { _id: u.id });
      expect(r.status).toBe(200);
      expect(r.body.result).toMatchObject({ externalId: u.id, email: u.email, status: 'created' });
      const stored = [...crm.individuals.values()].find((i) => i.externalId === u.id);
      expect(stored).toMatchObject({ email: u.email, firstName: u.firstname, city: 'Lisbon', language: 'pt' });
      expect((await c.admin.post('/app_integrations/vcrm/syncUser', { _id: u.id })).body.result.status).toBe('updated');

      const missing = await c.admin.post('/app_integrations/vcrm/syncUser', { _id: 'no-such-user' });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(MSG.userNotFound);
      expect((await c.admin.post('/app_integrations/vcrm/syncUser', {})).status).toBe(400);
    });

    it('syncRecentUsers pushes the accounts changed since a time, in batches, and remembers where it stopped', async () => {
      const since = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 5));
      const users = [await buildUser(server().ctx), await buildUser(server().ctx), await buildUser(server().ctx)];
      const partial = await c.admin.post('/app_integrations/vcrm/syncRecentUsers', { since, limit: 2 });
      expect(partial.body).toMatchObject({ synced: 2, created: 2, failed: 0, more: true });

      const all = await c.admin.post('/app_integrations/vcrm/syncRecentUsers', { since });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ since, synced: 3, created: 1, updated: 2, failed: 0, more: false, errors: [] });
      for (const u of users) expect([...crm.individuals.values()].some((i) => i.externalId === u.id)).toBe(true);

      // Without `since` the next sync starts where the last complete one did: nothing changed since.
      const next = await c.admin.post('/app_integrations/vcrm/syncRecentUsers', {});
      expect(next.body).toMatchObject({ synced: 0, more: false });
      expect(next.body.since >= since).toBe(true);

      // A contact the CRM refuses is reported and keeps the mark where it was, so it is tried again.
      await buildUser(server().ctx, { email: REJECTED_EMAIL });
      const refused = await c.admin.post('/app_integrations/vcrm/syncRecentUsers', {});
      expect(refused.body).toMatchObject({ synced: 1, failed: 1, errors: [expect.objectContaining({ email: REJECTED_EMAIL })] });
      expect((await c.admin.post('/app_integrations/vcrm/syncRecentUsers', {})).body).toMatchObject({ synced: 1, failed: 1 });

      for (const body of [{ since: 'yesterday' }, { limit: 0 }, { limit: 'all' }]) {
        const r = await c.admin.post('/app_integrations/vcrm/syncRecentUsers', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('a failing CRM stops the sync with 502 and the next sync starts from the same place', async () => {
      const since = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 5));
      await buildUser(server().ctx);
      crm.failNext.push(503, 503, 503);
      expect((await c.admin.post('/app_integrations/vcrm/syncRecentUsers', { since })).status).toBe(502);
      expect((await c.admin.post('/app_integrations/vcrm/syncRecentUsers', { since })).body).toMatchObject({ synced: 1, created: 1 });
    });
  });
});
