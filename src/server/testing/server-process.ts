/**
 * The real server in a process of its own (src/server/main.ts), for the browser journeys, the fault
 * suite, the process tests and the benchmarks. It listens on a port the system picks (PORT=0), read from
 * the line the server prints when it listens, so two runs never race for a port; the call returns once
 * /healthz answers. Each caller adds its own settings (seed, rate limit, log level) in `env`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ALL_LISTENING } from '../primary.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A port nothing listens on now, for servers that cannot report the port they took (Redis, PostgreSQL);
 * a Node server of ours listens on port 0 instead.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Settings of this run, over the parent's environment (PORT and HOST are set here). */
  env?: Record<string, string>;
  /** A fresh temporary DATA_DIR, removed by stop(); leave it off when `env` names the store. */
  tempDataDir?: boolean;
  /**
   * Where the server's output goes: kept for output() (the default), written to a file as well, or
   * only its standard error passed to ours (benchmarks: a JSON line per request would be kept for nothing).
   */
  log?: 'keep' | { file: string } | 'stderr';
  /** How long to wait for /healthz. */
  timeoutMs?: number;
  /**
   * A port chosen beforehand, for a test that kills every worker: the cluster picks a new port for
   * port 0 once its last worker is gone, so the replacement would answer elsewhere.
   */
  port?: number;
  /**
   * Another checkout to start instead of this one (with its own dependencies and build): the benchmarks
   * compare against the code as it was, in the same run.
   */
  root?: string;
  /**
   * Wait until every worker listens, not only the first (the primary starts the others once the first
   * listens): a benchmark's keep-alive connections would otherwise all stay with the first worker.
   */
  allWorkers?: boolean;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The temporary DATA_DIR, or null when the caller named the store. */
  dataDir: string | null;
  /** Everything the server printed so far (empty with log 'stderr'). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; removes the temporary DATA_DIR. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL at once (a crash). */
  kill(): Promise<void>;
}

/** The line main.ts prints once it listens. */
const LISTENING = /running at http:\/\/localhost:(\d+)/;

/** Starts src/server/main.ts on a port of the system's choosing and waits until /healthz answers. */
export async function startServerProcess(opts: ServerOptions = {}): Promise<ServerProcess> {
  const dataDir = opts.tempDataDir ? fs.mkdtempSync(path.join(os.tmpdir(), 'lp-server-')) : null;
  const log = opts.log ?? 'keep';
  const file = typeof log === 'object' ? log.file : null;
  if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = file ? fs.openSync(file, 'w') : null;
  const root = opts.root ?? ROOT;
  const child = spawn(NODE, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), ...opts.env, PORT: String(opts.port ?? 0), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let port: number | null = null;
  let seen = '';
  let allListening = !opts.allWorkers;
  child.stdout!.on('data', (c: Buffer) => {
    if (port === null || !allListening) {
      seen += c;
      const m = LISTENING.exec(seen);
      if (m && port === null) port = Number(m[1]);
      if (ALL_LISTENING.test(seen)) allListening = true;
      if (port !== null && allListening) seen = '';
    }
    if (log !== 'stderr') out += c;
    if (fd !== null) fs.writeSync(fd, c);
  });
  child.stderr!.on('data', (c: Buffer) => {
    if (log === 'stderr') process.stderr.write(c);
    else out += c;
    if (fd !== null) fs.writeSync(fd, c);
  });
  let done = false;
  let exitCode: number | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      done = true;
      exitCode = code;
      if (fd !== null) fs.closeSync(fd);
      resolve({ code, signal });
    }),
  );
  const cleanUp = () => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (!done) child.kill('SIGKILL');
    await exited;
  };

  const timeoutMs = opts.timeoutMs ?? 60_000;
  const end = Date.now() + timeoutMs;
  const urlOf = (p: number) => `http://127.0.0.1:${p}`;
  for (;;) {
    if (done) {
      cleanUp();
      throw new Error(
        `the server exited (code ${exitCode}) before it answered /healthz${file ? `; see ${file}` : ''}:\n${out.slice(-3000)}`,
      );
    }
    if (Date.now() > end) {
      await kill();
      cleanUp();
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms${file ? `; see ${file}` : ''}:\n${out.slice(-3000)}`);
    }
    if (port !== null && allListening) {
      try {
        if ((await fetch(`${urlOf(port)}/healthz`)).status === 200) break;
      } catch {
        /* not up yet */
      }
    }
    await sleep(100);
  }
  const url = urlOf(port!);

  return {
    url,
    child,
    dataDir,
    exited,
    kill,
    output: () => out,
    alive: () => !done,
    async stop(graceMs = 5000) {
      if (!done) {
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(graceMs)]);
      }
      await kill();
      cleanUp();
    },
  };
}

/**
 * A bare Node http server answering a fixed JSON body, in its own process: the ceiling the benchmarks
 * compare the app against. It too listens on port 0 and says which port it took.
 */
export async function startBareServer(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const code =
    "const s=require('http').createServer((q,r)=>{r.writeHead(200,{'content-type':'application/json'});r.end('{\"user\":null,\"ok\":true}')});" +
    "s.listen(0,'127.0.0.1',()=>console.log('port '+s.address().port))";
  const child = spawn(NODE, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (c: Buffer) => {
      seen += c;
      const m = /port (\d+)/.exec(seen);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error('the bare server exited before it listened')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
