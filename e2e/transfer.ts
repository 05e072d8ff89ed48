/**
 * Page weight and speed as a browser sees them, through the DevTools protocol: bytes transferred
 * (compressed bodies plus headers, what `encodedDataLength` counts), Largest Contentful Paint and
 * Total Blocking Time. Shared by the byte budget (e2e/budget.e2e.ts) and `npm run bench:web`; no
 * Vitest imports, so scripts use it too.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Slow 4G: 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export interface Visit {
  /** Total bytes on the wire. */
  bytes: number;
  /** Bytes per resource type (Script, Stylesheet, Font, Image, Fetch, Document...). */
  byType: Record<string, number>;
  /** `size`: the decoded body's length. */
  requests: { url: string; type: string; bytes: number; size: number; encoding: string }[];
  lcp: number;
  tbt: number;
}

// Browser-side code as text: these files are type-checked without the DOM library.
const OBSERVERS = `window.__perf = { lcp: 0, fcp: 0, tasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`;

export async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: OBSERVERS });
}

export interface Throttle {
  network?: typeof SLOW_4G;
  cpu?: number;
  identity?: boolean;
}

/** Starts counting the page's traffic; `finish()` waits for the network to settle and returns the figures. */
export async function recordVisit(page: Page, throttle: Throttle = {}): Promise<{ cdp: CDPSession; finish(): Promise<Visit> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle.network) await cdp.send('Network.emulateNetworkConditions', throttle.network);
  if (throttle.cpu && throttle.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpu });
  // The "before" figures: a client that accepts no compression.
  if (throttle.identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const meta = new Map<string, { url: string; type: string; encoding: string; size: number }>();
  const done = new Map<string, number>();
  let lastActivity = Date.now();
  let inFlight = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!meta.has(e.requestId)) inFlight++;
    meta.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', encoding: '', size: 0 });
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const m = meta.get(e.requestId);
    if (m) {
      m.type = e.type;
      m.encoding = String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '');
    }
  });
  cdp.on('Network.dataReceived', (e) => {
    const m = meta.get(e.requestId);
    if (m) m.size += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    done.set(e.requestId, e.encodedDataLength);
    inFlight--;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    done.set(e.requestId, 0);
    inFlight--;
    lastActivity = Date.now();
  });
  return {
    cdp,
    async finish() {
      // Settled: nothing in flight for 1 s (the app polls whoami every 20 s, so this ends).
      const until = Date.now() + 60_000;
      while (Date.now() < until && (inFlight > 0 || Date.now() - lastActivity < 1000)) await new Promise((r) => setTimeout(r, 100));
      const requests = [...done].map(([id, bytes]) => ({ ...meta.get(id)!, bytes }));
      const byType: Record<string, number> = {};
      for (const r of requests) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
      const perf = await page.evaluate<{ lcp: number; fcp: number; tasks: [number, number][] }>(
        "({ ...window.__perf, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0 })",
      );
      // Total Blocking Time: the part of each long task beyond 50 ms, after the first contentful paint.
      const tbt = perf.tasks.filter(([start]) => start >= perf.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      await cdp.detach().catch(() => {});
      return { bytes: requests.reduce((s, r) => s + r.bytes, 0), byType, requests, lcp: perf.lcp, tbt };
    },
  };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
