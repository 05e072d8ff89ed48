/**
 * The API suite runs every test on both engines (like Kysely's own suite): a fresh SQLite file and a
 * fresh PostgreSQL database per test file, the real server listening on loopback, a cookie-keeping client.
 * When PostgreSQL is unreachable the PostgreSQL half is skipped locally and fails under CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { buildApp, type RouteEntry } from '../app.ts';
import type { HealthState } from '../health.ts';
import type { AppContext } from '../context.ts';
import type { Engine } from '../db/dialect.ts';
import { migrate, openStore, type Store } from '../db/database.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../../domain/constants.ts';
import { databaseBeside } from './pg-database.ts';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** `TEST_ENGINES=sqlite` narrows a quick local run to one engine; CI always runs both. */
export const ENGINES: Engine[] =
  process.env.CI || !process.env.TEST_ENGINES
    ? ['sqlite', 'postgres']
    : (['sqlite', 'postgres'] as const).filter((e) => process.env.TEST_ENGINES!.split(',').includes(e));

let pgReachable: Promise<boolean> | null = null;
export function postgresReachable(): Promise<boolean> {
  return (pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })());
}

/** A new empty database for one test file; `drop` removes it. */
export async function freshDatabase(engine: Engine): Promise<{ url: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-'));
  if (engine === 'sqlite') {
    return {
      url: `sqlite:${path.join(dataDir, 'app.db')}`,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const db = await databaseBeside(PG_ADMIN_URL, 'lp_test');
  return {
    url: db.url,
    dataDir,
    async drop() {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database of the engine with every migration run, for the migrations' tests (undefined when
 * PostgreSQL is unreachable, so its half skips).
 */
export async function migratedStore(
  engine: Engine,
  opts: { poolMax?: number } = {},
): Promise<{ store: Store; migrated: string[]; close(): Promise<void> } | undefined> {
  if (engine === 'postgres' && !(await postgresReachable())) return undefined;
  const fresh = await freshDatabase(engine);
  const store = openStore(fresh.url, opts);
  const migrated = await migrate(store);
  return {
    store,
    migrated,
    async close() {
      await store.close();
      await fresh.drop();
    },
  };
}

/** The names of the store's indexes, for the migrations' tests. */
export async function indexNames(store: Store): Promise<string[]> {
  const query =
    store.engine === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
      : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'public'`;
  return (await query.execute(store.db)).rows.map((r) => r.name);
}

export interface TestServer {
  engine: Engine;
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteEntry[];
  /** Readiness state; a test sets `shuttingDown` as SIGTERM does. */
  health: HealthState;
  config: Config;
  baseUrl: string;
  /** A browser-like client with its own cookie jar. */
  client(): TestClient;
}

export async function startTestServer(engine: Engine, env: Record<string, string> = {}): Promise<TestServer & { stop(): Promise<void> }> {
  const database = await freshDatabase(engine);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const { app, ctx, routes, health } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    engine,
    app,
    ctx,
    routes,
    health,
    config,
    baseUrl,
    client: () => new TestClient(baseUrl),
    async stop() {
      await app.close();
      await database.drop();
    },
  };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    // Like the web app, every call carries its header (a bare request without it is refused: see origin-check tests).
    const h: Record<string, string> = { [APP_REQUEST_HEADER]: APP_REQUEST_VALUE, ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + url, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  async login(email: string, password: string) {
    const r = await this.post('/users/login', { login: email, password });
    if (r.status !== 200) throw new Error(`login failed for ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  }
}

/**
 * Runs `fn` once per engine, each with its own server and database. `fn` gets a getter because the
 * server starts in beforeAll.
 */
export function describeEachEngine(name: string, fn: (server: () => TestServer) => void, env: Record<string, string> = {}) {
  for (const engine of ENGINES) {
    const unavailable = engine === 'postgres' && !PG_OK;
    if (unavailable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${PG_ADMIN_URL}; CI needs it`);
    describe.skipIf(unavailable)(`${name} [${engine}]`, () => {
      let server: (TestServer & { stop(): Promise<void> }) | null = null;
      beforeAll(async () => {
        server = await startTestServer(engine, env);
      }, 60_000);
      afterAll(async () => {
        await server?.stop();
      }, 60_000);
      fn(() => server!);
    });
  }
}

/** Known before any suite is declared, so the PostgreSQL half can be skipped (locally) or fail (CI). */
const PG_OK = await postgresReachable();
