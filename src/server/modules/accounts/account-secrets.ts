/**
 * What the two kinds of mailed account secrets share (table account_secrets): each is single-use and
 * lives 30 minutes; only the SHA-256 of a secret is stored. The secrets are random with 128 bits or
 * more, so a slow password hash would add nothing but a lookup it could not do.
 */
import crypto from 'node:crypto';

export const SECRET_TTL_MS = 30 * 60_000;
export const secretId = (kind: 'reset' | 'email', secret: string) => crypto.createHash('sha256').update(`${kind}:${secret}`).digest('hex');
