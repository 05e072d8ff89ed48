/**
 * `npm start`: builds what is stale, then starts the server on the demo site (seeded on first run)
 * with the embedded SQLite store under data/ unless DATABASE_URL names another.
 */
import { buildWebIfStale } from './build-web.ts';

buildWebIfStale();
process.env.SEED_DEMO ??= '1';
await import('../src/server/main.ts');
