/**
 * `npm run backup [-- --out DIR]`: a consistent backup of the whole site (files included: they live in
 * the database) while the server runs, into DATA_DIR/backups unless --out names another folder.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { backup } from '../src/server/ops/backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
try {
  const file = await backup(config.databaseUrl, path.resolve(values.out ?? path.join(config.dataDir, 'backups')));
  console.log(`Backup written: ${file}`);
  console.log(`Restore it with: npm run restore -- ${file}`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
