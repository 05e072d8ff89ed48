/**
 * Backups and restores of the whole site. Uploaded files live in the database, so one file holds
 * everything.
 * - SQLite: the online backup API (better-sqlite3 `backup()`): a consistent copy while the server runs,
 *   with what is still in the -wal file. Copying app.db by hand misses that file.
 * - PostgreSQL: `pg_dump` in its custom format; restored with `pg_restore --clean`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { engineOf } from '../db/database.ts';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
export const sqliteFileOf = (url: string) => url.replace(/^sqlite:(\/\/)?/, '');

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd} could not be started (${r.error.message}); install the PostgreSQL client tools`);
  if (r.status !== 0) throw new Error(`${cmd} failed:\n${r.stderr || r.stdout}`);
}

/** Writes a backup of the site at `databaseUrl` into `outDir`; gives back the file written. */
export async function backup(databaseUrl: string, outDir: string): Promise<string> {
  fs.mkdirSync(outDir, { recursive: true });
  if (engineOf(databaseUrl) === 'sqlite') {
    const file = path.join(outDir, `site-${stamp()}.db`);
    const db = new SQLite(sqliteFileOf(databaseUrl), { fileMustExist: true });
    try {
      await db.backup(file);
    } finally {
      db.close();
    }
    return file;
  }
  const file = path.join(outDir, `site-${stamp()}.dump`);
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
  return file;
}

/**
 * Puts a backup back in place of the site's data. SQLite: the server must be stopped; the data it
 * replaces is kept beside it (`app.db.before-restore-<time>`). PostgreSQL: the objects in the dump are
 * dropped and recreated in the database named by `databaseUrl`.
 */
export async function restore(databaseUrl: string, file: string): Promise<string> {
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
  if (engineOf(databaseUrl) === 'sqlite') {
    const target = path.resolve(sqliteFileOf(databaseUrl));
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const check = source.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`${file} is not a sound SQLite database: ${String(check)}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      let kept = '';
      if (fs.existsSync(target)) {
        kept = `${target}.before-restore-${stamp()}`;
        // The -wal and -shm files belong to the old data: they move with it, or SQLite would replay them.
        for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, kept + suffix);
      }
      await source.backup(target);
      return kept ? `the replaced data was kept as ${kept}` : 'no earlier data was there';
    } finally {
      source.close();
    }
  }
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${databaseUrl}`, file]);
  return 'objects in the dump were replaced';
}
