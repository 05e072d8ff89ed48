/**
 * `npm run move-to-postgres -- postgres://user@host/db [--with-sessions]`: copies the whole SQLite site
 * (DATABASE_URL, or DATA_DIR's app.db) into an empty PostgreSQL database, compares every table, and says
 * what to set next. Stop the server first, so nothing is written meanwhile. Sessions are left out unless
 * asked for: everyone signs in again, which is the safe default after a move.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { moveToPostgres } from '../src/server/ops/move-to-postgres.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'with-sessions': { type: 'boolean', default: false } } });
const target = positionals[0];
if (!target || !/^postgres(ql)?:\/\//.test(target)) {
  console.error('Usage: npm run move-to-postgres -- postgres://user:password@host:5432/database [--with-sessions]');
  process.exit(2);
}
const config = loadConfig();
const hidden = target.replace(/\/\/[^@/]*@/, '//***@');
console.log(`Copying ${config.databaseUrl} into ${hidden}...`);
try {
  const report = await moveToPostgres(config.databaseUrl, target, { withSessions: values['with-sessions'], log: (l) => console.log(l) });
  const total = Object.values(report.tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `Done: ${Object.keys(report.tables).length} tables, ${total} rows, every table's row count and SHA-256 digest equal on both sides.`,
  );
  if (report.skipped.length) console.log(`Not copied: ${report.skipped.join(', ')} (everyone signs in again).`);
  console.log('\nNext:');
  console.log(`  1. Set DATABASE_URL=${hidden} (with its password) in the server's environment.`);
  console.log('  2. Start the server; it migrates and serves from PostgreSQL. /readyz shows "engine":"postgres".');
  console.log('  3. Keep the SQLite file as a fallback until you are sure, then back up with `npm run backup` (pg_dump).');
} catch (err) {
  console.error(`Move failed, nothing was committed to PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
