/**
 * `npm run bench:web`: first and repeat visits of the home, course and lesson pages in headless
 * Chromium on a slow 4G line (1.6 Mbps, 150 ms round trip) with a 4x CPU slowdown, median of 3 runs:
 * Largest Contentful Paint and Total Blocking Time against their targets (LCP 2.5 s first visit,
 * 1.5 s repeat visit, TBT 300 ms), and the bytes moved. The same pages are measured in the same run
 * by a browser that refuses compression (Accept-Encoding: identity), the way every page went out
 * before the server compressed: the "before" column.
 *
 *   BENCH_RUNS=3 npm run bench:web       runs per figure (default 3)
 *   BENCH_URL=http://host:port ...       measure a running instance (demo seed expected)
 */
import { chromium, type Browser } from 'playwright-core';
import { buildWebIfStale, startServer } from '../e2e/global-setup.ts';
import { instrument, kb, recordVisit, SLOW_4G, type Visit } from '../e2e/transfer.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = { firstLcp: 2500, repeatLcp: 1500, tbt: 300 };
const DEMO_PASSWORD = 'Demo-pass1!';
const PAGES = [
  { name: 'home', path: '/', screen: 'content', as: null },
  { name: 'course', path: '/Course/intro-online-learning', screen: 'course', as: null },
  { name: 'lesson', path: '/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced', screen: 'lesson', as: 'learner@example.org' },
] as const;

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

/** One first visit (empty cache) and one repeat visit (same browser cache) of a page. */
async function visitTwice(browser: Browser, base: string, page: (typeof PAGES)[number], identity: boolean): Promise<{ first: Visit; repeat: Visit }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript({ content: "localStorage.getItem('cookieoptin') || localStorage.setItem('cookieoptin', 'optout')" });
    if (page.as) {
      const r = await context.request.post('/users/login', { data: { login: page.as, password: DEMO_PASSWORD } });
      if (r.status() !== 200) throw new Error(`login ${page.as}: ${r.status()}`);
    }
    await instrument(context);
    const tab = await context.newPage();
    const once = async () => {
      const rec = await recordVisit(tab, { network: SLOW_4G, cpu: 4, identity });
      await tab.goto(page.path);
      await tab.locator(`[data-screen="${page.screen}"]`).first().waitFor({ timeout: 60_000 });
      await tab.locator('[data-screen][data-loading="true"]').waitFor({ state: 'detached', timeout: 60_000 }).catch(() => {});
      return rec.finish();
    };
    const first = await once();
    // The repeat visit: a new tab in the same context (its HTTP cache), as a returning learner opens the page.
    await tab.goto('about:blank');
    const repeat = await once();
    return { first, repeat };
  } finally {
    await context.close();
  }
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
  let missed = 0;
  try {
    // Warm the server's caches; every measured first visit starts with an empty browser cache.
    await visitTwice(browser, base, PAGES[0], false);
    console.log(`\nnpm run bench:web  (${new Date().toISOString()}) slow 4G 1.6 Mbps / 150 ms RTT, CPU 4x slower, 412x823 phone, median of ${RUNS}`);
    const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(26) : c.padStart(15))).join(''));
    line(['page / visit', 'before: KB', 'LCP ms', 'TBT ms', 'after: KB', 'LCP ms', 'TBT ms', 'LCP target', 'TBT target']);
    for (const page of PAGES) {
      const before: { first: Visit; repeat: Visit }[] = [];
      const after: { first: Visit; repeat: Visit }[] = [];
      for (let i = 0; i < RUNS; i++) {
        before.push(await visitTwice(browser, base, page, true));
        after.push(await visitTwice(browser, base, page, false));
      }
      for (const visit of ['first', 'repeat'] as const) {
        const m = (xs: { first: Visit; repeat: Visit }[], f: (v: Visit) => number) => median(xs.map((x) => f(x[visit])));
        const lcpTarget = visit === 'first' ? TARGET.firstLcp : TARGET.repeatLcp;
        const lcp = m(after, (v) => v.lcp);
        const tbt = m(after, (v) => v.tbt);
        const ok = lcp <= lcpTarget && tbt <= TARGET.tbt;
        if (!ok) missed++;
        line([`${page.name} ${visit}`, kb(m(before, (v) => v.bytes)), m(before, (v) => v.lcp).toFixed(0), m(before, (v) => v.tbt).toFixed(0),
          kb(m(after, (v) => v.bytes)), lcp.toFixed(0), tbt.toFixed(0), `${lcpTarget} ${lcp <= lcpTarget ? 'met' : 'MISSED'}`, `${TARGET.tbt} ${tbt <= TARGET.tbt ? 'met' : 'MISSED'}`]);
      }
    }
    console.log(missed ? `\n${missed} of ${PAGES.length * 2} page visits miss a target.` : '\nEvery page visit meets its targets.');
  } finally {
    await browser.close();
    await stop?.();
  }
}

await main();
