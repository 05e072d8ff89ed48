/**
 * Builds the Fastify app without listening, so tests use it through `inject` or a loopback port.
 * A request's path: hooks (request id, origin check) -> route (shared schema) -> policy -> repository
 * -> presenter; every error leaves through one handler with one body shape.
 */
import { authorize, type Action } from './policy/policy.ts';
import { API_PAGE_PATH, OPENAPI_PATH, apiPage, openApiDocument, type RouteSchemas } from './openapi.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openStore, migrate, withPlugin, type Store } from './db/database.ts';
import { Figures } from './modules/reports/figures.ts';
import { ClusterRateLimiter, clusterInvalidation, inClusterWorker } from './adapters/cluster-ipc.ts';
import { errorHandler } from './errors.ts';
import { DbSessionStore, RedisSessionStore } from './adapters/sessions.ts';
import { MemoryRateLimiter, RedisRateLimiter } from './adapters/rate-limit.ts';
import { createMailer } from './adapters/mailer.ts';
import { queuedMailer, startMailWorker } from './modules/mail/mail-queue.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { memoryInvalidation, redisInvalidation } from './adapters/invalidation.ts';
import { connectRedis, readyWithin, type Redis } from './adapters/redis.ts';
import { healthRoutes, type HealthState } from './health.ts';
import { RETRY_AFTER_S, setFaultLogger } from './faults.ts';
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
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { startPrivacyWorker } from './modules/privacy/jobs.ts';
import { originCheck } from './origin-check.ts';
import { passwordChangeGate } from './modules/accounts/password-gate.ts';
import { PageScriptPolicy } from './page-scripts.ts';
import { cachedCompression } from './compressed-body.ts';
import { securityHeaders } from './security-headers.ts';
import { firstPageBuilder, screenPreloads, type ManifestChunk } from './first-page.ts';
import { RouteAnswers } from './route-answers.ts';
import { MSG } from '../domain/messages.ts';
import { Clock } from './clock.ts';
import { caller, sessionCookieName, sessionToken } from './auth.ts';
import { RTL_LANGUAGES } from '../domain/constants.ts';
import { SecuritySettingsRepository } from './modules/sessions/security-settings.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { SECOND_STEP_COOKIES } from './modules/two-factor/second-step.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (the spec's /app_users/remove/{id}) gets the same origin check as a POST. */
    stateChanging?: boolean;
    /** The answer is about the caller even without a session (sign-in steps): never stored by caches. */
    personal?: boolean;
    /** The policy action that decides who may call this route (policy/policy.ts). */
    action?: Action;
    /** Open to everyone with no policy rule (sign-in, sign-out, health); a route has this or an action. */
    public?: boolean;
    /** The Zod schemas the route parses its input with, for the OpenAPI description (openapi.ts). */
    schema?: RouteSchemas;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  action?: Action;
  public?: boolean;
  schema?: RouteSchemas;
}
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteEntry[];
  health: HealthState;
}

export async function buildApp(config: Config, opts: { store?: Store } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Our onResponse hook writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Only the proxies TRUST_PROXY names; otherwise X-Forwarded-For is ignored and req.ip is the peer.
    // A hop count is given as a function (as Express reads it: the socket peer and the next hops - 1
    // forwarded addresses are proxies), since this Fastify ignores a bare number.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // Long ids reach the route's own schema (a clear 400) instead of Fastify's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // Requests that arrive while shutting down get our own 503 (the hook below), not Fastify's bare one.
    return503OnClosing: false,
  });

  const store = opts.store ?? openStore(config.databaseUrl);
  await migrate(store);

  setFaultLogger(app.log);
  const redis: Redis[] = [];
  const useRedis = () => {
    const r = connectRedis(config.redisUrl!);
    redis.push(r);
    return r;
  };
  const shared = config.redisUrl ? useRedis() : null;
  // Workers of one machine share the bus and the rate-limit counters through the cluster primary
  // when there is no Redis; a single process keeps them in memory.
  const viaPrimary = !shared && inClusterWorker();
  const bus = shared ? redisInvalidation(shared, useRedis()) : viaPrimary ? clusterInvalidation() : memoryInvalidation();
  // Start-up waits a moment for Redis, then goes on without it: public pages work while it is down,
  // and the clients connect by themselves when it comes back.
  if (shared && !(await readyWithin(shared, 5000))) app.log.warn('Redis is not reachable yet; sign-in answers 503 until it is');
  const health: HealthState = { shuttingDown: false };
  // What actually sends; the queue worker logs each e-mail sent (recipient, subject, time) for the learner's data export.
  const transport = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const mailWorker = config.mailWorker
    ? startMailWorker(store.db, transport, app.log, { pollMs: config.mailPollMs, retryBaseMs: config.mailRetryBaseMs })
    : null;

  // Report and dashboard figures are cached; the routes' handle tells the cache which writes change them.
  const figures = new Figures(bus);
  const db = withPlugin(store.db, figures.plugin());
  const ctx: AppContext = {
    config,
    store,
    db,
    figures,
    // The database store keeps the sessions it read among the figures; its writes go through the routes'
    // handle so that they drop them too.
    sessions: shared ? new RedisSessionStore(shared, config.redisPrefix) : new DbSessionStore(db, figures),
    limiter: shared
      ? new RedisRateLimiter(shared, `${config.redisPrefix}rl:`)
      : viaPrimary
        ? new ClusterRateLimiter()
        : new MemoryRateLimiter(),
    // Every e-mail is queued in the database; the worker below sends it (see modules/mail/mail-queue.ts).
    mailer: queuedMailer(store.db, () => mailWorker?.kick()),
    bus,
    site: new SiteRepository(store.db, bus, config.botcheck ? { botcheck: config.botcheck } : {}),
    clock: new Clock(),
    security: new SecuritySettingsRepository(store.db, bus, config.production),
  };
  app.decorate('sessionCookie', sessionCookieName(config.production));
  app.decorate('langCookie', config.production ? '__Host-lang' : 'lang');

  // Every route with its policy metadata, for the bad-input sweep and the route-rule check in app.test.ts.
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    const { action, public: open, schema } = r.config ?? {};
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, action, public: open, schema });
  });

  // The routes' handlers, for the calls a page answers inside itself (first-page.ts).
  const answers = new RouteAnswers(app, ctx);

  app.setErrorHandler(errorHandler);
  // From SIGTERM on, a request that still reaches this process on an open keep-alive connection is told,
  // in the user's language, to come back: the web app waits Retry-After and asks again on a new
  // connection, which a process that is not stopping takes. Requests already running are not touched.
  app.addHook('onRequest', async (req, reply) => {
    if (!health.shuttingDown || req.url === '/readyz' || req.url === '/healthz') return;
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_S))
      .header('Connection', 'close')
      .header('Cache-Control', 'no-store')
      .send({ error: { message: MSG.shuttingDown } });
  });
  await app.register(cookie);
  // HTML, JSON, CSV and the like leave brotli- or gzip-compressed when the client accepts it and the
  // body is worth it (1 KB); static assets are compressed once at build time instead (see serveWebApp).
  // Buffered bodies go through a memory of recent results (most are the same bytes for many clients);
  // streams (CSV reports) through @fastify/compress. Brotli quality 4 costs about what gzip 6 does.
  app.addHook('onSend', cachedCompression({ threshold: 1024, maxBytes: 16 * 1024 * 1024 }));
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // The bot-check provider's script is let in beside the admins' page scripts.
  const pageScripts = new PageScriptPolicy(store.db, bus, config.botcheck ? [new URL(config.botcheck.scriptUrl).origin] : []);
  await pageScripts.refresh();
  // Helmet's security headers; the CSP is ours, built once per content change, because helmet would
  // rebuild a policy with a dynamic part on every response.
  securityHeaders(app, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: config.production }, () =>
    pageScripts.header(config.production),
  );

  app.addHook('onRequest', originCheck(config));
  // Signed in with a reset's temporary password: nothing but setting a new password until it is set.
  app.addHook('onRequest', passwordChangeGate(ctx));
  // Personal answers are never kept by a browser or shared cache: every response to a request that
  // carries a session (or is part of signing in), unless the route chose its own caching on purpose.
  const secondStepCookies = SECOND_STEP_COOKIES.map((c) => (config.production ? c.production : c.plain));
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const personal =
      req.routeOptions.config?.personal ||
      !!sessionToken(req) ||
      secondStepCookies.some((c) => !!req.cookies?.[c]) ||
      /(^|,)\s*(__Host-)?sid=/.test(String(reply.getHeader('set-cookie') ?? ''));
    if (personal) reply.header('cache-control', 'no-store');
    return payload;
  });
  // One structured line per request, with the request id Fastify puts on every log line.
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  figures.hooks(app);

  healthRoutes(app, { config, store, redis: shared, state: health });

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
  privacyRoutes(app, ctx);
  sessionsRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  staffRoutes(app, ctx);
  // The description of every call, made once from the routes above (their schemas and policy actions).
  let openApi: Record<string, unknown> | undefined;
  app.get(OPENAPI_PATH, { config: { public: true } }, async () => (openApi ??= openApiDocument(routes, 'Learning platform API')));
  app.get(API_PAGE_PATH, { config: { action: 'api.describe' } }, async (req, reply) => {
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'api.describe');
    const labels = (await ctx.site.get()).labels(user!.lang);
    const dir = (RTL_LANGUAGES as readonly string[]).includes(user!.lang) ? 'rtl' : 'ltr';
    openApi ??= openApiDocument(routes, 'Learning platform API');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(apiPage(openApi, user!.lang, dir, (english) => labels[english] || english));
  });
  historyRoutes(app, ctx);
  tablesRoutes(app, ctx);
  await serveWebApp(app, ctx, answers);

  // Data exports in the background and the daily deletion and retention run, in this process.
  const privacyWorker = config.privacyWorker ? startPrivacyWorker(ctx, app.log) : null;

  app.addHook('onClose', async () => {
    await privacyWorker?.stop();
    await mailWorker?.stop();
    figures.close();
    await bus.close();
    await Promise.all(redis.map((r) => r.quit().catch(() => {})));
    if (!opts.store) await store.close();
  });
  return { app, ctx, routes, health };
}

/** The built web app, with every unknown GET that is not an API call answered by index.html. */
async function serveWebApp(app: FastifyInstance, ctx: AppContext, answers: RouteAnswers) {
  const { config } = ctx;
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  const manifestFile = path.join(config.webDist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  const firstPage = hasWeb ? firstPageBuilder(app, ctx, answers, fs.readFileSync(index, 'utf8'), screenPreloads(manifest)) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every compressible file (vite.config.ts): served as they are.
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed assets never change; index.html must always be revalidated.
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = /^\/(app_[a-z]+|users\/login)(\/|$)/.test(req.url) || req.method !== 'GET';
    if (isApi || !hasWeb) return reply.status(404).send({ error: { message: MSG.notFound } });
    const page = await firstPage!(req);
    for (const c of page.cookies) void reply.header('set-cookie', c);
    // With a signed-in user's answers inside, the page is as personal as they are.
    return reply
      .header('Cache-Control', page.signedIn ? 'no-store' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}
