/**
 * Health for load balancers and monitoring:
 *   GET /healthz  liveness: the process runs and answers (never looks at dependencies, so a database
 *                 outage does not get every process restarted by an orchestrator)
 *   GET /readyz   readiness: the database, and Redis when configured, answer within READY_TIMEOUT_MS;
 *                 false while shutting down, so the balancer stops sending new requests
 *   GET /metrics  Prometheus text format (prom-client): requests and latency per route, faults, the
 *                 database pool, the hashing and mail queues, memory; closed (404) unless METRICS_TOKEN
 *                 (bearer) or METRICS_PUBLIC=1 opens it
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import type { Config } from './config.ts';
import type { Store } from './db/database.ts';
import type { Redis } from './adapters/redis.ts';
import { faultKind } from './faults.ts';
import { passwordQueueLength } from './adapters/passwords.ts';
import { inClusterWorker } from './adapters/cluster-ipc.ts';
import { workerMetrics } from './adapters/cluster-metrics.ts';
import { MSG } from '../domain/messages.ts';

const READY_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export interface HealthState {
  shuttingDown: boolean;
}

export function healthRoutes(app: FastifyInstance, opts: { config: Config; store: Store; redis: Redis | null; state: HealthState }) {
  const { config, store, redis, state } = opts;

  app.get('/healthz', { config: { public: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ok: true, engine: store.engine };
  });

  app.get('/readyz', { config: { public: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const checks: Record<string, boolean> = {};
    const [db, rd] = await Promise.allSettled([
      within(sql`select 1`.execute(store.db), READY_TIMEOUT_MS),
      redis ? within(redis.ping(), READY_TIMEOUT_MS) : Promise.resolve('skipped'),
    ]);
    checks.database = db.status === 'fulfilled';
    if (redis) checks.redis = rd.status === 'fulfilled';
    const ok = !state.shuttingDown && Object.values(checks).every(Boolean);
    const body: { ok: boolean; engine: string; checks: Record<string, boolean>; shuttingDown?: true; error?: { message: string } } = {
      ok,
      engine: store.engine,
      checks,
    };
    if (state.shuttingDown) body.shuttingDown = true;
    if (!ok)
      body.error = {
        message: checks.database === false ? MSG.databaseUnavailable : checks.redis === false ? MSG.sessionsUnavailable : MSG.shuttingDown,
      };
    return reply.status(ok ? 200 : 503).send(body);
  });

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const faults = new client.Counter({
    name: 'app_dependency_faults_total',
    help: 'Requests failed by a dependency fault (database, redis, disk) or a bare server error (server_error)',
    labelNames: ['kind'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (waiting = requests queued for one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!store.pool) return;
      this.set({ state: 'total' }, store.pool.totalCount);
      this.set({ state: 'idle' }, store.pool.idleCount);
      this.set({ state: 'in_use' }, store.pool.totalCount - store.pool.idleCount);
      this.set({ state: 'waiting' }, store.pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'password_hash_queue',
    help: 'Password hashes (sign-ins, registrations, changes) waiting for a hashing thread in this process',
    registers: [registry],
    collect() {
      this.set(passwordQueueLength());
    },
  });
  new client.Gauge({
    name: 'mail_queue_messages',
    help: 'E-mails in the database queue not sent yet, by status (queued, sending, failed)',
    labelNames: ['status'],
    registers: [registry],
    // Every worker reads the same table: the machine's figure is any one of them, not their sum.
    aggregator: 'first',
    async collect() {
      // A scrape during a database outage keeps the last figures instead of failing the whole page.
      const rows = await within(
        store.db
          .selectFrom('mail_queue')
          .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
          .where('status', '!=', 'sent')
          .groupBy('status')
          .execute(),
        READY_TIMEOUT_MS,
      ).catch(() => null);
      if (!rows) return;
      this.reset();
      for (const status of ['queued', 'sending', 'failed']) this.set({ status }, 0);
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  new client.Gauge({
    name: 'redis_connected',
    help: '1 when the Redis connection is ready (absent without REDIS_URL)',
    registers: [registry],
    // Across workers: 0 as soon as one of them has lost Redis.
    aggregator: 'min',
    collect() {
      if (redis) this.set(redis.status === 'ready' ? 1 : 0);
    },
  });

  app.addHook('onError', async (_req, _reply, error) => {
    const kind = faultKind(error);
    if (kind && kind !== 'unique') faults.inc({ kind });
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode === 500) faults.inc({ kind: 'server_error' });
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  // Under the cluster primary, a scrape answers for every worker together (see cluster-metrics.ts).
  const machine = inClusterWorker() ? workerMetrics(registry) : null;

  const token = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  app.get('/metrics', { config: { public: true } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const allowed = config.metricsPublic || (token !== null && given.length === token.length && crypto.timingSafeEqual(given, token));
    if (!allowed) return reply.status(404).send({ error: { message: MSG.notFound } });
    reply.header('Cache-Control', 'no-store');
    if (!machine) return reply.type(registry.contentType).send(await registry.metrics());
    const text = await machine.all().catch(() => null);
    // A partial sum would read as counters going back to zero: no figures is the honest answer.
    if (text === null)
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ error: { message: MSG.serverError } });
    return reply.type(registry.contentType).send(text);
  });
}
