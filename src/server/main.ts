/** Starts the server: migrate, sync labels, seed the demo when asked and empty, listen, shut down cleanly. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { syncLabels } from './seed/labels.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './seed/seed-demo.ts';

const config = loadConfig();
const { app, ctx } = await buildApp(config);

await syncLabels(ctx);
if (config.seedDemo && (await isEmpty(ctx))) {
  await seedDemo(ctx);
  app.log.info('demo site seeded');
}

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [``, `  Learning platform running at ${url}  (${ctx.store.engine})`];
if (config.seedDemo) {
  lines.push(`  Demo accounts (demo only), password ${DEMO_PASSWORD}:`);
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
}
process.stdout.write(lines.join('\n') + '\n\n');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
