/**
 * Runs inside the password pool's worker threads. The synchronous calls block this thread only, so
 * hashing never takes a place in libuv's pool, which the rest of the server needs for files and DNS.
 * Plain erasable TypeScript: Node loads this file itself, outside any bundler.
 */
import { hashSync, verifySync } from '@node-rs/argon2';

/** The library's Algorithm.Argon2id (a const enum, which type stripping cannot read). */
const ARGON2ID = 2;

/** argon2id with OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export type PasswordTask = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

export default function run(task: PasswordTask): string | boolean {
  if (task.op === 'hash') return hashSync(task.password, OPTIONS);
  try {
    return verifySync(task.hash, task.password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}
