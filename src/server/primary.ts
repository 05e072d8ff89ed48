/**
 * The cluster primary: holds the port, forks the workers, starts a new worker when one dies (with a
 * growing pause if they keep dying at start-up, so a broken setting does not spin the CPU), and on
 * SIGTERM passes the signal on and waits for every worker to finish its requests.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { servePrimary } from './adapters/cluster-ipc.ts';
import { servePrimaryMetrics } from './adapters/cluster-metrics.ts';
import { migrate, openStore } from './db/database.ts';

/** The primary's line once every worker listens, and how a supervisor (or test) recognises it. */
const allListening = (workers: number) => `all ${workers} worker(s) listening`;
export const ALL_LISTENING = /"msg":"all \d+ worker\(s\) listening"/;

function log(level: number, msg: string, fields: Record<string, unknown> = {}) {
  // The same JSON line shape as the workers' (pino): level 30 info, 40 warn, 50 error.
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`);
}

export async function runPrimary(config: Config) {
  // Migrated once, here, before any worker opens the store: workers starting together would race.
  try {
    const store = openStore(config.databaseUrl);
    try {
      await migrate(store);
    } finally {
      await store.close();
    }
  } catch (err) {
    log(60, `the store could not be opened or migrated: ${(err as Error).message}`, { err: String(err) });
    process.exit(1);
  }
  // Without Redis, the workers share invalidations and rate-limit counters through this process.
  if (!config.redisUrl) servePrimary();
  servePrimaryMetrics();

  const started = new Map<number, number>();
  let stopping = false;
  let stopFailed = false;
  let quickDeaths = 0;

  const fork = () => {
    // Each worker knows how many share the machine (it sizes its password-hashing threads by it).
    const worker = cluster.fork({ WEB_CONCURRENCY: String(config.webConcurrency) });
    started.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const livedMs = Date.now() - (started.get(worker.id) ?? Date.now());
    started.delete(worker.id);
    if (stopping) {
      // A worker still starting has no SIGTERM handler yet, so the signal we passed on ends it: a clean stop.
      if (code !== 0 && signal !== 'SIGTERM') stopFailed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log(30, 'all workers stopped');
        process.exit(stopFailed ? 1 : 0);
      }
      return;
    }
    quickDeaths = livedMs < 10_000 ? quickDeaths + 1 : 0;
    const delayMs = Math.min(quickDeaths * 1000, 30_000);
    const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
    log(50, `worker ${worker.process.pid} died (${why}); starting a new one${delayMs ? ` in ${delayMs / 1000} s` : ''}`, {
      worker: worker.process.pid,
      code,
      signal,
      livedMs,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  // The first worker seeds an empty demo site; the others start once it listens, so none serves a
  // half-seeded site.
  fork();
  cluster.once('listening', () => {
    for (let i = 1; i < config.webConcurrency && !stopping; i++) fork();
  });
  // Said once, when the site first has every core: until then the first worker alone takes the
  // connections, and a browser (or a benchmark) keeps its connection to the worker it first reached.
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.webConcurrency) log(30, allListening(config.webConcurrency), { workers: config.webConcurrency });
  });
  log(30, `primary started ${config.webConcurrency} worker(s)`, { workers: config.webConcurrency });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(30, `${signal}: stopping the workers`, { signal });
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const w of workers) w?.process.kill('SIGTERM');
      // The workers keep their own deadline; this one only guards against a worker that hangs.
      setTimeout(
        () => {
          log(40, 'workers did not stop in time');
          process.exit(1);
        },
        (config.shutdownTimeoutS + 10) * 1000,
      ).unref();
    });
  }
}
