/**
 * Builds the Fastify app without listening, so tests use it through `inject` or a loopback port.
 * A request's path: hooks (request id, origin check) -> route (shared schema) -> policy -> repository
 * -> presenter; every error leaves through one handler with one body shape.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openStore, migrate, type Store } from './db/database.ts';
import { errorHandler } from './errors.ts';
import { DbSessionStore, RedisSessionStore } from './adapters/sessions.ts';
import { MemoryRateLimiter, RedisRateLimiter } from './adapters/rate-limit.ts';
import { createMailer } from './adapters/mailer.ts';
import { memoryInvalidation, redisInvalidation } from './adapters/invalidation.ts';
import { connectRedis, type Redis } from './adapters/redis.ts';
import { SiteRepository } from './modules/site/site.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { materialsRoutes } from './modules/materials/materials.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';
import { certificatesRoutes } from './modules/certificates/certificates.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { surveysRoutes } from './modules/surveys/surveys.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { originCheck } from './origin-check.ts';
import { PageScriptPolicy } from './page-scripts.ts';
import { MSG } from '../domain/messages.ts';
import { sql } from 'kysely';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (the spec's /app_users/remove/{id}) gets the same origin check as a POST. */
    stateChanging?: boolean;
  }
}

export interface BuiltApp { app: FastifyInstance; ctx: AppContext; routes: { method: string; url: string }[] }

export async function buildApp(config: Config, opts: { store?: Store } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Our onResponse hook writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.production,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // Long ids reach the route's own schema (a clear 400) instead of Fastify's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });

  const store = opts.store ?? openStore(config.databaseUrl);
  await migrate(store);

  const redis: Redis[] = [];
  const useRedis = () => { const r = connectRedis(config.redisUrl!); redis.push(r); return r; };
  const shared = config.redisUrl ? useRedis() : null;
  const bus = shared ? redisInvalidation(shared, useRedis()) : memoryInvalidation();

  const ctx: AppContext = {
    config,
    store,
    db: store.db,
    sessions: shared ? new RedisSessionStore(shared) : new DbSessionStore(store.db),
    limiter: shared ? new RedisRateLimiter(shared) : new MemoryRateLimiter(),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    bus,
    site: new SiteRepository(store.db, bus, config.botcheck ? { botcheck: config.botcheck } : {}),
  };

  // Every route, for the bad-input sweep in app.test.ts.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });

  app.setErrorHandler(errorHandler);
  await app.register(cookie);
  // The bot-check provider's script is let in beside the admins' page scripts.
  const pageScripts = new PageScriptPolicy(store.db, bus, config.botcheck ? [new URL(config.botcheck.scriptUrl).origin] : []);
  await pageScripts.refresh();
  // Helmet sets the other security headers; the CSP is ours, built once per content change, because
  // helmet would rebuild a policy with a dynamic part on every response.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: config.production });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', pageScripts.header(config.production));
  });

  app.addHook('onRequest', originCheck(config));
  // One structured line per request, with the request id Fastify puts on every log line.
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(store.db);
      return { ok: true, engine: store.engine };
    } catch {
      return reply.status(503).send({ ok: false, error: { message: 'Database unreachable' } });
    }
  });

  usersRoutes(app, ctx);
  contentRoutes(app, ctx);
  coursesRoutes(app, ctx);
  lessonsRoutes(app, ctx);
  materialsRoutes(app, ctx);
  filesRoutes(app, ctx);
  enrollmentRoutes(app, ctx);
  classesRoutes(app, ctx);
  certificatesRoutes(app, ctx);
  commentsRoutes(app, ctx);
  surveysRoutes(app, ctx);
  adminRoutes(app, ctx);
  reportsRoutes(app, ctx);
  statsRoutes(app, ctx);
  integrationsRoutes(app, ctx);
  await serveWebApp(app, config);

  app.addHook('onClose', async () => {
    await bus.close();
    await Promise.all(redis.map((r) => r.quit().catch(() => {})));
    if (!opts.store) await store.close();
  });
  return { app, ctx, routes };
}

/** The built web app, with every unknown GET that is not an API call answered by index.html. */
async function serveWebApp(app: FastifyInstance, config: Config) {
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, file) {
        // Hashed assets never change; index.html must always be revalidated.
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = /^\/(app_[a-z]+|users\/login)(\/|$)/.test(req.url) || req.method !== 'GET';
    if (isApi || !hasWeb) return reply.status(404).send({ error: { message: MSG.notFound } });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
