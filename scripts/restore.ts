/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back as the site named by
 * DATABASE_URL (or DATA_DIR's app.db). Stop the server first on SQLite.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { restore } from '../src/server/ops/backup.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (a .db file for SQLite, a .dump file for PostgreSQL)');
  process.exit(2);
}
const config = loadConfig();
try {
  const note = await restore(config.databaseUrl, file);
  console.log(`Restored ${file} into ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}; ${note}.`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
