/** The paged user table (POST /app_users/page) through the real server, on SQLite and on PostgreSQL. */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildUser, roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import type { TestClient } from '../../testing/harness.ts';
import { sql } from 'kysely';
import { USER_SORTS, UserPageQuerySchema, type UserPageQuery } from '../../../domain/tables.ts';
import { USER_SEARCH_TEXT } from '../../db/migrations/021-scale.ts';
import { encodeCursor } from '../../keyset.ts';
import { likePattern } from '../../paging.ts';
import { searchPage } from './users.page.ts';

describeEachEngine('paged user table', (server) => {
  let clients: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    clients = await roleClients(server());
    // 30 learners with known names and addresses, one with an accent, one more admin.
    for (let i = 0; i < 30; i++) {
      await buildUser(server().ctx, {
        firstname: `Page${String(i).padStart(2, '0')}`,
        lastname: 'Zuluaga',
        email: `pager${i}@paging.example.org`,
      });
    }
    await buildUser(server().ctx, { firstname: 'Chloé', lastname: 'Zwingli', email: 'chloe@paging.example.org', roles: asRoles('admin') });
  });

  const page = (c: TestClient, body: Record<string, unknown>) => c.post('/app_users/page', body);

  it('is for editors and admins only', async () => {
    expect((await page(clients.visitor, {})).status).toBe(401);
    expect((await page(clients.learner, {})).status).toBe(403);
    expect((await page(clients.editor, {})).status).toBe(200);
    const r = await page(clients.admin, {});
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('searches any part of name or e-mail through the text index, with the total of all matches', async () => {
    const r = await page(clients.admin, { q: 'zulua', limit: 100 });
    expect(r.body.total).toBe(30);
    expect(r.body.rows).toHaveLength(30);
    expect(r.body.next).toBeNull();
    // Presented as /app_users/list presents a user: never the hash.
    expect(r.body.rows[0]).toMatchObject({ lastname: 'Zuluaga', classes: [], instructor: {}, isAdmin: false });
    expect(JSON.stringify(r.body)).not.toContain('argon2');
    const mail = await page(clients.admin, { q: 'ger17@paging' });
    expect(mail.body.rows.map((u: { email: string }) => u.email)).toEqual(['pager17@paging.example.org']);
    // Two letters: still found (without the index).
    expect((await page(clients.admin, { q: 'zw' })).body.total).toBe(1);
    // LIKE's own characters are plain text.
    expect((await page(clients.admin, { q: '%' })).body.total).toBe(0);
  });

  it('keeps the search in step when a name changes', async () => {
    const u = await buildUser(server().ctx, { firstname: 'Quentin', lastname: 'Oldname' });
    expect((await page(clients.admin, { q: 'oldname' })).body.total).toBe(1);
    await server().ctx.db.updateTable('users').set({ lastname: 'Newname' }).where('id', '=', u.id).execute();
    expect((await page(clients.admin, { q: 'oldname' })).body.total).toBe(0);
    expect((await page(clients.admin, { q: 'newname' })).body.total).toBe(1);
    await server().ctx.db.deleteFrom('users').where('id', '=', u.id).execute();
    expect((await page(clients.admin, { q: 'newname' })).body.total).toBe(0);
  });

  it('pages by keyset through every match once, in order, both ways', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let after: string | undefined;
      for (let i = 0; i < 10; i++) {
        const r = await page(clients.admin, { q: 'zuluaga', limit: 7, dir, ...(after ? { after } : {}) });
        expect(r.status).toBe(200);
        seen.push(...r.body.rows.map((u: { firstname: string }) => u.firstname));
        if (!r.body.next) break;
        after = r.body.next;
      }
      const expected = Array.from({ length: 30 }, (_, i) => `Page${String(i).padStart(2, '0')}`);
      expect(seen).toEqual(dir === 'asc' ? expected : expected.reverse());
    }
  });

  it('gives every match once, in order, for each sort and direction, whether a page comes from the walk or the text index', async () => {
    const { db, store } = server().ctx;
    const q = 'paging.example';
    for (const sort of USER_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const columns = sort === 'name' ? (['lastname', 'firstname', 'id'] as const) : ([sort, 'id'] as const);
        const expected = (
          await columns
            .reduce(
              (o, c) => o.orderBy(c, dir),
              db.selectFrom('users').select('email').where(sql.raw(USER_SEARCH_TEXT), 'like', likePattern(q)),
            )
            .execute()
        ).map((u) => u.email);
        expect(expected).toHaveLength(31);
        // Through the route: by keyset and by page number.
        const seen: string[] = [];
        let after: string | undefined;
        for (let i = 0; i < 20; i++) {
          const r = await page(clients.admin, { q, sort, dir, limit: 4, ...(after ? { after } : {}) });
          expect(r.body.total).toBe(31);
          seen.push(...r.body.rows.map((u: { email: string }) => u.email));
          if (!r.body.next) break;
          after = r.body.next;
        }
        expect(seen).toEqual(expected);
        const third = await page(clients.admin, { q, sort, dir, limit: 4, page: 2 });
        expect(third.body.rows.map((u: { email: string }) => u.email)).toEqual(expected.slice(8, 12));
        if (store.engine !== 'postgres') continue;
        // On PostgreSQL a walk of 2 accounts never holds a page (the index answers), one of 1,000 always does.
        for (const walk of [2, 1000]) {
          const got: string[] = [];
          let cursor: string | undefined;
          for (let i = 0; i < 20; i++) {
            const r = await searchPage(
              db,
              UserPageQuerySchema.parse({ q, sort, dir, limit: 4, ...(cursor ? { after: cursor } : {}) }) as UserPageQuery & { q: string },
              walk,
            );
            expect(r.total).toBe(31);
            got.push(...r.rows.map((u) => u.email));
            if (!r.more) break;
            const last = r.rows.at(-1)!;
            cursor = encodeCursor(
              sort,
              dir,
              columns.map((c) => last[c]),
            );
          }
          expect(got).toEqual(expected);
          const jumped = await searchPage(
            db,
            UserPageQuerySchema.parse({ q, sort, dir, limit: 4, page: 7 }) as UserPageQuery & { q: string },
            walk,
          );
          expect(jumped.rows.map((u) => u.email)).toEqual(expected.slice(28));
          expect(jumped.more).toBe(false);
          // Past the last match: no rows, the total still counted.
          const past = await searchPage(
            db,
            UserPageQuerySchema.parse({ q, sort, dir, limit: 4, page: 9 }) as UserPageQuery & { q: string },
            walk,
          );
          expect(past).toEqual({ rows: [], total: 31, more: false });
        }
      }
    }
  });

  it('sorts by e-mail and registration date, jumps to a page, filters by role', async () => {
    const emails = ['chloe@paging.example.org', ...Array.from({ length: 30 }, (_, i) => `pager${i}@paging.example.org`)].sort();
    const byMail = await page(clients.admin, { q: 'paging.example', sort: 'email', limit: 3 });
    expect(byMail.body.rows.map((u: { email: string }) => u.email)).toEqual(emails.slice(0, 3));
    const second = await page(clients.admin, { q: 'paging.example', sort: 'email', limit: 3, page: 1 });
    expect(second.body.rows.map((u: { email: string }) => u.email)).toEqual(emails.slice(3, 6));
    // Without a text filter too (its keys found first, then their rows): a page by number is the keyset's same page.
    for (const sort of ['name', 'email', 'created']) {
      const first = await page(clients.admin, { sort, dir: 'desc', limit: 3 });
      const next = await page(clients.admin, { sort, dir: 'desc', limit: 3, after: first.body.next });
      const jumped = await page(clients.admin, { sort, dir: 'desc', limit: 3, page: 1 });
      expect(jumped.body.rows.length).toBe(3);
      expect(jumped.body.rows).toEqual(next.body.rows);
      expect(jumped.body.next).toBe(next.body.next);
    }
    const byDate = await page(clients.admin, { sort: 'created', dir: 'desc', limit: 1 });
    expect(byDate.body.rows).toHaveLength(1);
    const admins = await page(clients.admin, { role: 'admin', limit: 100 });
    expect(admins.body.rows.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    expect(admins.body.rows.map((u: { firstname: string }) => u.firstname)).toContain('Chloé');
  });

  it('refuses an unknown sort, a cursor of another sort and a forged cursor with a clear message', async () => {
    const bad = await page(clients.admin, { sort: 'passwordHash' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.pageSortInvalid);
    const first = await page(clients.admin, { limit: 2 });
    const other = await page(clients.admin, { sort: 'email', after: first.body.next });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(MSG.pageCursorInvalid);
    for (const after of [
      'not-base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["name","asc",{},1,2]').toString('base64url'),
    ]) {
      const r = await page(clients.admin, { after });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.pageCursorInvalid);
    }
    expect((await page(clients.admin, { limit: 500 })).status).toBe(400);
  });
});
