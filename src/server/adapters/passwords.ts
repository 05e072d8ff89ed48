/** argon2id with OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane). */
import crypto from 'node:crypto';
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

/** A temporary password that passes the registration rule (letters, digits and a special character). */
export function temporaryPassword(): string {
  return `${crypto.randomBytes(9).toString('base64url')}-${crypto.randomInt(10, 99)}!`;
}
