/**
 * Starts the server. A small primary process forks WEB_CONCURRENCY workers (node:cluster, one shared
 * port) and starts a new one when a worker dies, logging why it died; each worker migrates, syncs labels,
 * seeds the demo when asked and empty, listens, and shuts down cleanly on SIGTERM.
 */
import cluster from 'node:cluster';
import { loadConfig } from './config.ts';

// A wrong setting ends the start with its own message, not a stack trace.
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
})();

// LP_SINGLE_PROCESS=1 runs one process without a primary (debuggers, profilers).
if (cluster.isPrimary && process.env.LP_SINGLE_PROCESS !== '1') {
  const { runPrimary } = await import('./primary.ts');
  await runPrimary(config);
} else {
  await runWorker();
}

async function runWorker() {
  const { buildApp } = await import('./app.ts');
  const { syncLabels } = await import('./seed/labels.ts');
  const { app, ctx, health } = await buildApp(config);

  // With several workers, the first one alone seeds, so the demo is not loaded twice.
  const firstWorker = !cluster.isWorker || cluster.worker?.id === 1;
  await syncLabels(ctx);
  // The demo content is loaded only when asked for: a real installation never imports it. Production never
  // seeds it, even when asked: its accounts have a published password.
  if (config.seedDemo && config.production && firstWorker)
    app.log.warn('SEED_DEMO is ignored in production: demo accounts have a known password and are never created there');
  const demo = config.seedDemo && !config.production ? await import('./seed/seed-demo.ts') : null;
  if (demo && firstWorker && (await demo.isEmpty(ctx))) {
    await demo.seedDemo(ctx);
    app.log.info('demo site seeded');
  }

  await app.listen({ port: config.port, host: config.host });
  // With PORT=0 (tests and benchmarks let the system pick) links in e-mails name the port really taken.
  config.port = (app.server.address() as { port: number }).port;
  if (firstWorker) {
    const url = `http://localhost:${config.port}`;
    const lines = [``, `  Learning platform running at ${url}  (${ctx.store.engine})`];
    if (demo) {
      lines.push(`  Demo accounts (demo only), password ${demo.DEMO_PASSWORD}:`);
      for (const a of demo.DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
    }
    process.stdout.write(lines.join('\n') + '\n\n');
  }

  // A bug that escapes every handler ends this worker with its reason in the log; the primary starts
  // another. Dependency faults never get here: they are answered 503 by the error handler.
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'worker crashed: uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (err) => {
    app.log.fatal({ err }, 'worker crashed: unhandled promise rejection');
    process.exit(1);
  });

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      // /readyz turns false at once; the listening socket closes, so new connections are refused; idle
      // keep-alive connections are closed now (Fastify's forceCloseConnections: 'idle'); requests in
      // flight get up to SHUTDOWN_TIMEOUT_S to finish.
      health.shuttingDown = true;
      app.log.info({ signal, deadlineS: config.shutdownTimeoutS }, 'shutting down: finishing requests in flight');
      const timer = setTimeout(() => {
        app.log.warn({ deadlineS: config.shutdownTimeoutS }, 'shutdown deadline reached: closing the connections still open');
        app.server.closeAllConnections();
        process.exit(1);
      }, config.shutdownTimeoutS * 1000).unref();
      try {
        await app.close();
        clearTimeout(timer);
        app.log.info('shut down cleanly');
        process.exit(0);
      } catch (err) {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      }
    });
  }
}
