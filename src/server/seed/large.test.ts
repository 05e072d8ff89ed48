import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase, postgresReachable } from '../testing/harness.ts';
import { migrate, openStore, type Store } from '../db/database.ts';
import { hasLargeData, seedLarge } from './large.ts';

// The same statements as `npm run seed:large`, at a thousandth of its size.
const SMALL = { users: 100, courses: 5, lessonsPerCourse: 4, enrolments: 250, bigClass: 50 };

describe.each(ENGINES)('large data set on %s', (engine) => {
  let store: Store;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (engine === 'postgres' && !(await postgresReachable())) return;
    const fresh = await freshDatabase(engine);
    drop = fresh.drop;
    store = openStore(fresh.url);
    await migrate(store);
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it('writes users, classes, enrolments and a progress row per lesson of each enrolment', async () => {
    if (!store) return;
    expect(await hasLargeData(store)).toBe(false);
    await seedLarge(store, 'hash', SMALL);
    expect(await hasLargeData(store)).toBe(true);
    const count = async (t: 'users' | 'courses' | 'classes' | 'lessons' | 'enrollments' | 'lesson_progress') =>
      Number(
        (
          await store.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(100);
    expect(await count('courses')).toBe(5);
    expect(await count('classes')).toBe(5);
    expect(await count('lessons')).toBe(20);
    expect(await count('enrollments')).toBe(250);
    expect(await count('lesson_progress')).toBe(1000);
    const big = await store.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('classid', '=', 'lk-000')
      .executeTakeFirstOrThrow();
    expect(Number(big.n)).toBe(50);
    // Nobody is enrolled twice in one class.
    const dup = await store.db
      .selectFrom('enrollments')
      .select(['user', 'classid'])
      .groupBy(['user', 'classid'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(dup).toEqual([]);
    const u = await store.db.selectFrom('users').selectAll().where('id', '=', 'lu-000007').executeTakeFirstOrThrow();
    expect(u.email).toBe('large7@example.org');
    expect(u.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
