/**
 * Bad input sweep: every route, signed out and signed in as an admin, gets malformed bodies and odd
 * parameters. Each answer is a 4xx (or a 2xx for calls that need nothing) with `{ error: { message } }`,
 * never a 500, and the stored users are unchanged.
 */
import { expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { buildUser, asRoles, TEST_PASSWORD } from './testing/factories.ts';

const BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '{}',
  JSON.stringify({ _id: { $gt: '' }, login: ['a'], password: { x: 1 }, lang: null, email: 7, course: [] }),
  JSON.stringify({ _id: 'x'.repeat(5000), search: 'x'.repeat(5000), cookieoptin: { setting: 'everything' } }),
  JSON.stringify({ a: { b: { c: { d: { e: { f: { g: {} } } } } } } }),
];

describeEachEngine('bad input never gets a 500', (server) => {
  // About 2,000 requests, growing with every route added: more than the default 30 s on a busy machine.
  it('sweeps every route', { timeout: 120_000 }, async () => {
    const { ctx, routes } = server();
    const admin = await buildUser(ctx, { roles: asRoles('admin') });
    const before = await ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
    const signedIn = server().client();
    await signedIn.login(admin.email, TEST_PASSWORD);
    const problems: string[] = [];
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      if (route.url === '/app_users/logout') continue; // would sign the sweeping admin out
      const url = route.url.replace(/:(\w+)\??/g, (_m, name) => (name === 'context' ? '%00%2F..' : 'no-such-id'));
      for (const client of [server().client(), signedIn]) {
        for (const body of route.method === 'GET' ? [undefined] : BODIES) {
          const r = await client.request(
            route.method,
            url + (route.method === 'GET' ? '?asof[]=1&lang=%%' : ''),
            body,
            body === undefined ? {} : { 'content-type': 'application/json' },
          );
          if (r.status >= 500) problems.push(`${route.method} ${route.url} ${body?.slice(0, 40)} -> ${r.status}`);
          if (r.status >= 400 && typeof r.body?.error?.message !== 'string')
            problems.push(`${route.method} ${route.url} -> ${r.status} without error.message`);
        }
      }
    }
    expect(problems).toEqual([]);
    const after = await ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(after.map((u) => ({ ...u, lastseen: null, lasttime: null, timestamp: null }))).toEqual(
      before.map((u) => ({ ...u, lastseen: null, lasttime: null, timestamp: null })),
    );
  });
});
