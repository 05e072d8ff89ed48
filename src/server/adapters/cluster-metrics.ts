/**
 * /metrics for the whole machine when node:cluster runs several workers on one port: a scrape reaches
 * one worker, which asks the primary; the primary gathers every worker's figures over the IPC channel
 * and adds them up (prom-client's aggregation: counters and histograms summed, each gauge as its help
 * says). Without this, each scrape would show whichever worker took it, and counters would jump.
 */
import cluster, { type Worker } from 'node:cluster';
import client from 'prom-client';

const TAG = 'lp-metrics';
type MetricsJson = Awaited<ReturnType<client.Registry['getMetricsAsJSON']>>;
type ToPrimary = { [TAG]: 'ready' } | { [TAG]: 'ask'; id: number } | { [TAG]: 'part'; id: number; metrics: MetricsJson };
type ToWorker = { [TAG]: 'get'; id: number } | { [TAG]: 'answer'; id: number; text?: string; error?: string };
const isOurs = (m: unknown): m is Record<typeof TAG, string> => typeof m === 'object' && m !== null && TAG in m;

/** How long the primary waits for every worker's figures; a worker that does not answer fails the scrape. */
const GATHER_MS = 3000;

/** The primary's side: knows which workers can answer, gathers their figures and adds them up. */
export function servePrimaryMetrics(): void {
  const ready = new Set<number>();
  let next = 1;
  const gathers = new Map<number, { waiting: Set<number>; parts: MetricsJson[]; finish: (error?: string) => void }>();

  cluster.on('exit', (worker: Worker) => {
    ready.delete(worker.id);
    // A worker that died during a gather is left out of it: its figures are gone with it.
    for (const g of gathers.values()) if (g.waiting.delete(worker.id) && g.waiting.size === 0) g.finish();
  });
  cluster.on('message', (worker: Worker, msg: unknown) => {
    if (!isOurs(msg)) return;
    const m = msg as ToPrimary;
    if (m[TAG] === 'ready') {
      ready.add(worker.id);
      return;
    }
    if (m[TAG] === 'part') {
      const g = gathers.get(m.id);
      if (!g || !g.waiting.delete(worker.id)) return;
      g.parts.push(m.metrics);
      if (g.waiting.size === 0) g.finish();
      return;
    }
    if (m[TAG] === 'ask') {
      const gid = next++;
      const answer = (reply: ToWorker) => {
        if (worker.isConnected()) worker.send(reply);
      };
      const targets = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && ready.has(w.id) && w.isConnected());
      const g = {
        waiting: new Set(targets.map((w) => w.id)),
        parts: [] as MetricsJson[],
        finish: (error?: string) => {
          clearTimeout(timer);
          if (!gathers.delete(gid)) return;
          if (error) {
            answer({ [TAG]: 'answer', id: m.id, error });
            return;
          }
          Promise.resolve(client.AggregatorRegistry.aggregate(g.parts).metrics()).then(
            (text) => answer({ [TAG]: 'answer', id: m.id, text }),
            (err: Error) => answer({ [TAG]: 'answer', id: m.id, error: err.message }),
          );
        },
      };
      const timer = setTimeout(() => g.finish(`${g.waiting.size} worker(s) did not answer within ${GATHER_MS} ms`), GATHER_MS);
      gathers.set(gid, g);
      for (const w of targets) w.send({ [TAG]: 'get', id: gid } satisfies ToWorker);
      if (g.waiting.size === 0) g.finish();
    }
  });
}

/**
 * A worker's side: answers the primary with this process's figures, and gives the machine's figures
 * for a scrape. Call once the registry holds every metric.
 */
export function workerMetrics(registry: client.Registry): { all(): Promise<string> } {
  let next = 1;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  process.on('message', (msg: unknown) => {
    if (!isOurs(msg)) return;
    const m = msg as ToWorker;
    if (m[TAG] === 'get') {
      registry.getMetricsAsJSON().then((metrics) => process.send?.({ [TAG]: 'part', id: m.id, metrics } satisfies ToPrimary));
      return;
    }
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined || m.text === undefined) w.reject(new Error(m.error ?? 'no metrics'));
    else w.resolve(m.text);
  });
  process.send?.({ [TAG]: 'ready' } satisfies ToPrimary);
  return {
    all() {
      const id = next++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the primary did not answer'));
        }, GATHER_MS + 1000);
        waiting.set(id, {
          resolve: (t) => {
            clearTimeout(timer);
            resolve(t);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        process.send?.({ [TAG]: 'ask', id } satisfies ToPrimary);
      });
    },
  };
}
