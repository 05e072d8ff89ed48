/**
 * Builds the web app when dist/web is missing or older than its sources, starts the server on a port
 * the system picks with a temporary DATA_DIR and the demo seed, waits for /healthz, and stops it at the end.
 */
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../scripts/build-web.ts';
import { ROOT, startServerProcess } from '../src/server/testing/server-process.ts';

/** Starts the real server with the demo seed; returns its URL, data directory and a stop function. */
export async function startServer(extraEnv: Record<string, string> = {}, logName = 'e2e-server.log') {
  const server = await startServerProcess({
    tempDataDir: true,
    env: { SEED_DEMO: '1', RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'warn', ...extraEnv },
    log: { file: path.join(ROOT, 'test-results', logName) },
  });
  return { url: server.url, dataDir: server.dataDir!, stop: () => server.stop() };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Against an instance that is already running (its data directory in E2E_DATA_DIR for the outbox).
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '');
    return;
  }
  buildWebIfStale();
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
