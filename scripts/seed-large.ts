/**
 * `npm run seed:large`: the store named by DATABASE_URL (the SQLite file under data/ by default) gets the
 * demo site, if it is empty, and then the large data set of src/server/seed/large.ts (100,000 users,
 * 250,000 enrolments, 10,000,000 progress rows), for `npm run bench:size`. Refuses a store that has it.
 * Every large account has the demo password; never run it on a real site.
 */
import { loadConfig } from '../src/server/config.ts';
import { buildApp } from '../src/server/app.ts';
import { syncLabels } from '../src/server/seed/labels.ts';
import * as demo from '../src/server/seed/seed-demo.ts';
import { hasLargeData, seedLarge } from '../src/server/seed/large.ts';
import { hashPassword } from '../src/server/adapters/passwords.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
if (config.production) {
  process.stderr.write('seed:large refuses a production site: its accounts have a published password.\n');
  process.exit(1);
}
const started = Date.now();
const { app, ctx } = await buildApp(config);
try {
  await syncLabels(ctx);
  if (await demo.isEmpty(ctx)) {
    await demo.seedDemo(ctx);
    process.stdout.write('demo site seeded\n');
  }
  if (await hasLargeData(ctx.store)) {
    process.stdout.write('the large data set is already there\n');
  } else {
    const hash = await hashPassword(demo.DEMO_PASSWORD);
    await seedLarge(ctx.store, hash, undefined, (msg) => process.stdout.write(`  ${msg}\n`));
    process.stdout.write(`large data set written to ${ctx.store.engine} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
} finally {
  await app.close();
}
process.exit(0);
