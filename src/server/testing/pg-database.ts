/**
 * A new, empty PostgreSQL database on the server of `serverUrl`, named with `prefix` and a random
 * suffix, and how to drop it: each test file and each benchmark run migrates and seeds its own.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export async function databaseBeside(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
