/** The password pool: argon2id on threads of its own, compatible with hashes stored before it existed. */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closePasswordPool, hashPassword, verifyPassword } from './passwords.ts';
import { procStat } from '../testing/proc-stat.ts';

afterAll(closePasswordPool);

describe('password hashing pool', () => {
  it('hashes with argon2id at the OWASP parameters and verifies the right password only', async () => {
    const hash = await hashPassword('Secret-123!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Secret-123!')).toBe(true);
    expect(await verifyPassword(hash, 'Secret-124!')).toBe(false);
  });

  it('verifies a hash written by the argon2 package that stored every password until now', async () => {
    const stored = '$argon2id$v=19$m=19456,p=1,t=2$ITWtwKceECG8yz5ukFHrKQ$1E4Ig11qRN7Hei/BeQfpXPpv2IdhYzP5GXJZ0dqNsSI';
    expect(await verifyPassword(stored, 'Demo-pass1!')).toBe(true);
    expect(await verifyPassword(stored, 'demo-pass1!')).toBe(false);
  });

  it('answers false, not an error, for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });

  it.runIf(process.platform === 'linux')('hashes on threads of lower priority than the event loop', async () => {
    await hashPassword('Secret-123!');
    // The nice value of each thread of this process.
    const nice = (tid: string) => Number(procStat(`self/task/${tid}`)[16]);
    const own = nice(String(process.pid));
    const threads = fs.readdirSync('/proc/self/task').map(nice);
    expect(threads).toContain(own + 10);
  });
});
