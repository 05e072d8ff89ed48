/** Starts the server: migrate, sync labels, seed the demo when asked and empty, listen, shut down cleanly. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { syncLabels } from './seed/labels.ts';

const config = loadConfig();
const { app, ctx } = await buildApp(config);

await syncLabels(ctx);
// The demo content is loaded only when asked for: a real installation never imports it.
const demo = config.seedDemo ? await import('./seed/seed-demo.ts') : null;
if (demo && (await demo.isEmpty(ctx))) {
  await demo.seedDemo(ctx);
  app.log.info('demo site seeded');
}

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [``, `  Learning platform running at ${url}  (${ctx.store.engine})`];
if (demo) {
  lines.push(`  Demo accounts (demo only), password ${demo.DEMO_PASSWORD}:`);
  for (const a of demo.DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
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
