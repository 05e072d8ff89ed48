/**
 * Small signed values for cookies that must not be forged (the device cookie, the pending second
 * sign-in step): JSON, base64url, and an HMAC-SHA256 under a key kept in `server_secrets`, so every
 * app process signs and checks alike. Made on first use; the first writer wins.
 */
import crypto from 'node:crypto';
import type { Db } from './db/database.ts';
import { now } from './db/dialect.ts';

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

async function loadKey(db: Db, name: string): Promise<Buffer> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('server_secrets')
      .values({ name, value: crypto.randomBytes(32).toString('base64url'), created: now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.value, 'base64url');
}

function key(db: Db, name: string): Promise<Buffer> {
  let perDb = keys.get(db);
  if (!perDb) keys.set(db, (perDb = new Map()));
  let p = perDb.get(name);
  if (!p) {
    p = loadKey(db, name);
    p.catch(() => perDb!.delete(name));
    perDb.set(name, p);
  }
  return p;
}

const mac = (k: Buffer, body: string) => crypto.createHmac('sha256', k).update(body).digest('base64url');

export async function sign(db: Db, keyName: string, value: object): Promise<string> {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(await key(db, keyName), body)}`;
}

/** The signed value, or null when the text was not made by sign() with this key. */
export async function unsign<T>(db: Db, keyName: string, text: string | undefined): Promise<T | null> {
  if (!text || text.length > 2000) return null;
  const [body, tag, ...rest] = text.split('.');
  if (!body || !tag || rest.length) return null;
  const want = Buffer.from(mac(await key(db, keyName), body));
  const got = Buffer.from(tag);
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
