/** Queries that share a cache key must ask the same request, or one screen gets the other's answer. */
import { describe, expect, it, vi } from 'vitest';

const calls: unknown[][] = [];
vi.mock('../api.ts', () => ({ api: { post: (...args: unknown[]) => { calls.push(args); return Promise.resolve([]); } } }));
vi.mock('../query.ts', () => ({ queryClient: {} }));

const { enrollmentsQuery } = await import('./courses.ts');
const { enrollmentsOf } = await import('./enrollment.ts');

async function request(options: { queryKey: readonly unknown[]; queryFn?: unknown }) {
  calls.length = 0;
  await (options.queryFn as () => Promise<unknown>)();
  return { key: options.queryKey, call: calls[0] };
}

describe('enrolment lists', () => {
  it('the drawer\'s query and My Classes\' query: same key, same request', async () => {
    for (const user of ['u1', 'u2']) {
      expect(await request(enrollmentsOf(user))).toEqual(await request(enrollmentsQuery(user)));
    }
  });
});
