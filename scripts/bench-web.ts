/**
 * `npm run bench:web`: the public home page's initial JavaScript (gzipped, budget 200 KB) and its
 * Largest Contentful Paint, measured in headless Chromium against a server this script starts
 * (fresh temporary data directory, demo seed). Builds the web app first when it is stale.
 *
 *   BENCH_RUNS=5 npm run bench:web      more LCP samples (default 5)
 *   BENCH_URL=http://host:port ...      measure a running instance instead
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { buildWebIfStale, startServer } from '../e2e/global-setup.ts';

const BUDGET_KB = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = path.resolve(import.meta.dirname, '..');

const gzipKB = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length / 1024;
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

/** Scripts named by dist/web/index.html (entry and module preloads). */
function entryScripts(): string[] {
  const html = fs.readFileSync(path.join(root, 'dist/web/index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
}

interface Run { lcp: number; lcpElement: string; fcp: number; scripts: Map<string, number> }

async function measure(browser: Browser, url: string, cpuSlowdown: number): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  // Browser-side code as text: this script is type-checked without the DOM library.
  await page.addInitScript({
    content: `window.__lcp = { t: 0, el: '' };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const el = e.element;
          window.__lcp = { t: e.startTime, el: el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script' || !res.ok()) return;
    try { scripts.set(new URL(res.url()).pathname, gzipKB(await res.body())); } catch { /* navigated away */ }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('[data-screen="content"]:not([data-loading])').first().waitFor();
  await page.waitForTimeout(300);
  const lcp = await page.evaluate<{ t: number; el: string }>('window.__lcp');
  const fcp = await page.evaluate<number>("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0");
  await context.close();
  return { lcp: lcp.t, lcpElement: lcp.el, fcp, scripts };
}

async function main() {
  let base = process.env.BENCH_URL;
  let stop: (() => Promise<void>) | null = null;
  if (!base) {
    buildWebIfStale();
    const server = await startServer({}, 'bench-web-server.log');
    base = server.url;
    stop = server.stop;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // Warm the server's caches once; every measured run starts with an empty browser cache.
    await measure(browser, `${base}/`, 1);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${base}/`, 1));
    const slow: Run[] = [];
    for (let i = 0; i < Math.max(1, Math.ceil(RUNS / 2)); i++) slow.push(await measure(browser, `${base}/`, 4));

    const entry = new Set(entryScripts());
    const loaded = runs[0]!.scripts;
    let entryKB = 0;
    let lazyKB = 0;
    for (const [p, kb] of loaded) (entry.has(p) ? (entryKB += kb) : (lazyKB += kb));
    const totalKB = entryKB + lazyKB;
    const lcps = runs.map((r) => r.lcp);
    const slowLcps = slow.map((r) => r.lcp);

    console.log('\nHome page (/) in headless Chromium, 1280x900, empty cache, local server');
    console.log(`  initial JavaScript, gzipped : ${totalKB.toFixed(1)} KB (budget ${BUDGET_KB} KB) in ${loaded.size} files`);
    console.log(`    entry + module preloads   : ${entryKB.toFixed(1)} KB`);
    console.log(`    chunks loaded on first render: ${lazyKB.toFixed(1)} KB`);
    console.log(`  Largest Contentful Paint    : median ${median(lcps).toFixed(0)} ms over ${RUNS} runs (${lcps.map((x) => x.toFixed(0)).join(', ')}) on ${runs[0]!.lcpElement || '?'}`);
    console.log(`  First Contentful Paint      : median ${median(runs.map((r) => r.fcp)).toFixed(0)} ms`);
    console.log(`  LCP with 4x CPU slowdown    : median ${median(slowLcps).toFixed(0)} ms (${slowLcps.map((x) => x.toFixed(0)).join(', ')})`);
    const biggest = [...loaded].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([p, kb]) => `${path.basename(p)} ${kb.toFixed(1)} KB`);
    console.log(`  largest scripts             : ${biggest.join(', ')}`);
    if (totalKB > BUDGET_KB) {
      console.error(`\nOver budget: ${totalKB.toFixed(1)} KB > ${BUDGET_KB} KB`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stop?.();
  }
}

await main();
