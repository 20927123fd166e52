import { chromium, type Page } from '@playwright/test';
import { intArg, type Args } from '../lib/args.js';
import { describeTarget, targetsFrom } from '../lib/dataset.js';
import { serverEnv, tokenFor } from '../lib/env.js';
import { inspectDataset, notSeededMessage } from '../lib/inspect.js';
import { fmt, percentile, table } from '../lib/report.js';
import { startServer } from '../lib/server-process.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Lighthouse's mobile profile slows the CPU 4x; the network here is loopback (not throttled). */
const CPU_SLOWDOWN = 4;
const WEB_DIST_DEFAULT = new URL('../../apps/web/dist', import.meta.url).pathname;

interface PaintRun {
  /** Scripts as received: compressed bodies plus each response's headers (~1 kB each here). */
  jsSentBytes: number;
  /** The compressed bodies alone. */
  jsBodyBytes: number;
  jsBytes: number;
  jsRequests: number;
  /** Each script as sent: path and encoded bytes (printed with --files). */
  jsFiles: Array<[string, number]>;
  fcpMs: number | null;
  lcpMs: number | null;
  cls: number;
  feedStartMs: number | null;
  /** API answers 401: a signed-in row with any of these measured a visitor, not a member. */
  unauthorized: number;
  /** The LCP element and what led to it (--explain). */
  explain: string;
}

/**
 * When each script, the feed answer and the first photos finished arriving, and when long tasks
 * ran (ms after navigation): what the main thread did between FCP and LCP.
 */
const TIMELINE = `(() => {
  const short = (u) => u.split('/').slice(-1)[0].split('?')[0].slice(0, 28);
  const res = performance.getEntriesByType('resource')
    .filter((r) => /\\.js$|\\/api\\/posts|\\/media\\//.test(r.name))
    .slice(0, 24)
    .map((r) => short(r.name) + ' ' + Math.round(r.startTime) + '-' + Math.round(r.responseEnd));
  return res.join(', ');
})()`;

/** Collects LCP, FCP and the layout-shift total from inside the page (buffered observers). */
const OBSERVE_PAINT = `
  window.__paint = { lcp: null, fcp: null, cls: 0, lcpWhat: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__paint.lcp = e.startTime;
      const el = e.element;
      const what = el ? el.tagName.toLowerCase() + (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ')[0] : '') : '(removed)';
      window.__paint.lcpWhat = what + ' ' + e.size + ' px² ' + (e.url ? e.url.split('/').slice(-2).join('/') : 'text') +
        ' (load ' + Math.round(e.loadTime) + ' ms)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__paint.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__paint.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** The first feed card's photo has loaded (a string: bench/ is typed without the DOM). */
const FIRST_PHOTO_SHOWN = `(() => {
  const img = document.querySelector('[data-post-card] img');
  return img !== null && img.complete && img.naturalWidth > 0;
})()`;
const PAGE_SETTLED_TIMEOUT_MS = 60_000;

async function measureOnce(page: Page, url: string): Promise<PaintRun> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const scripts = new Map<string, { url: string; encoded: number; body: number; decoded: number }>();
  const kinds = new Map<string, string>();
  let navStart = 0;
  let feedStart: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && navStart === 0) navStart = e.timestamp;
    if (feedStart === null && /\/api\/posts(\?|$)/.test(e.request.url)) feedStart = e.timestamp;
  });
  const urls = new Map<string, string>();
  let unauthorized = 0;
  // What had arrived when the response began: its headers (the body is the rest at the end).
  const headerBytes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    kinds.set(e.requestId, e.type);
    headerBytes.set(e.requestId, e.response.encodedDataLength);
    if (e.response.status === 401 && new URL(e.response.url).pathname.startsWith('/api/')) unauthorized++;
    urls.set(e.requestId, new URL(e.response.url).pathname);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (kinds.get(e.requestId) !== 'Script') return;
    const s = scripts.get(e.requestId) ?? {
      url: urls.get(e.requestId) ?? '?',
      encoded: 0,
      body: 0,
      decoded: 0,
    };
    s.decoded += e.dataLength;
    scripts.set(e.requestId, s);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (!s) return;
    s.encoded = e.encodedDataLength;
    s.body = e.encodedDataLength - (headerBytes.get(e.requestId) ?? 0);
  });

  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine with the CPU slowed, the network can be idle while the entry chunk is still
  // being parsed: wait for the first card's photo to be decoded before reading the metrics.
  // Polled from here: page.waitForFunction evaluates its string with eval, which the app's CSP refuses.
  const settleBy = Date.now() + PAGE_SETTLED_TIMEOUT_MS;
  while (!(await page.evaluate<boolean>(FIRST_PHOTO_SHOWN))) {
    if (Date.now() > settleBy) {
      console.warn('   warning: no feed photo on screen; LCP may be missing or early');
      break;
    }
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState('networkidle');
  // LCP is final once the page has been quiet a moment (no input happens here).
  await page.waitForTimeout(1000);
  // A string: bench/ is typed for Node, without the DOM's globals.
  const paint = await page.evaluate<{
    lcp: number | null;
    fcp: number | null;
    cls: number;
    lcpWhat: string | null;
  }>('window.__paint');
  const timeline = await page.evaluate<string>(TIMELINE);
  await cdp.detach();
  const all = [...scripts.values()];
  return {
    jsSentBytes: all.reduce((n, s) => n + s.encoded, 0),
    jsBodyBytes: all.reduce((n, s) => n + s.body, 0),
    jsBytes: all.reduce((n, s) => n + s.decoded, 0),
    jsRequests: all.length,
    jsFiles: all.map((s) => [s.url, s.encoded]),
    fcpMs: paint.fcp,
    lcpMs: paint.lcp,
    cls: paint.cls,
    feedStartMs: feedStart !== null && navStart ? (feedStart - navStart) * 1000 : null,
    unauthorized,
    explain: `LCP ${fmt(paint.lcp ?? 0, 0)} ms: ${paint.lcpWhat ?? 'none'}\n      ${timeline}`,
  };
}

/**
 * `npm run bench -- paint`: /home in Chromium with the CPU slowed 4x, each run in a fresh
 * context with the cache off: JavaScript as sent (compressed) and as parsed, LCP, FCP, CLS and
 * when the feed request starts. Signed out and signed in. Measures only.
 */
export async function runPaint(args: Args): Promise<void> {
  const runs = intArg(args, 'runs', 5, 1);
  const listFiles = args.has('files');
  const explain = args.has('explain');
  const [target] = targetsFrom(args, 'embedded');
  const info = target ? await inspectDataset(target) : null;
  if (!target || !info) {
    console.log(`\n${target ? notSeededMessage(target) : 'no dataset'}; nothing measured`);
    return;
  }
  console.log(`\n== ${describeTarget(target)}: ${info.users} users, ${info.posts} posts; ${runs} runs each`);
  const server = await startServer({
    label: 'server',
    env: serverEnv(target, { WEB_DIST: process.env.WEB_DIST || WEB_DIST_DEFAULT }),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Array<Array<string | number>> = [];
  try {
    for (const signedIn of [false, true]) {
      const results: PaintRun[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
        await context.addInitScript(OBSERVE_PAINT);
        if (signedIn && info.viewer) {
          const token = await tokenFor(info.viewer);
          // The web app keeps its session in localStorage (see apps/web/src/api/http.ts).
          await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)});`);
        }
        const page = await context.newPage();
        const result = await measureOnce(page, `${server.url}/home`);
        if (signedIn && result.unauthorized > 0)
          console.warn(
            `   warning: ${result.unauthorized} API answer(s) were 401: this run was not signed in`,
          );
        if (listFiles && i === 0) {
          for (const [url, bytes] of result.jsFiles.sort((a, b) => b[1] - a[1]))
            console.log(`   ${fmt(bytes / 1024).padStart(7)} kB  ${url}`);
        }
        if (explain) console.log(`   ${signedIn ? 'in ' : 'out'} ${result.explain}`);
        results.push(result);
        await context.close();
      }
      const med = (pick: (r: PaintRun) => number | null) =>
        percentile(
          results
            .map(pick)
            .filter((n): n is number => n !== null)
            .sort((a, b) => a - b),
          50,
        );
      rows.push([
        signedIn ? 'signed in' : 'signed out',
        fmt(med((r) => r.jsSentBytes) / 1024),
        fmt(med((r) => r.jsBodyBytes) / 1024),
        fmt(med((r) => r.jsBytes) / 1024),
        med((r) => r.jsRequests),
        fmt(
          med((r) => r.feedStartMs),
          0,
        ),
        fmt(
          med((r) => r.fcpMs),
          0,
        ),
        fmt(
          med((r) => r.lcpMs),
          0,
        ),
        fmt(
          med((r) => r.cls),
          3,
        ),
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `\n/home at 390 px, CPU ${CPU_SLOWDOWN}x slower, cache off, medians of ${runs}:\n\n` +
      table(
        ['', 'JS sent kB', 'JS body kB', 'JS kB', 'JS files', 'feed request ms', 'FCP ms', 'LCP ms', 'CLS'],
        rows,
      ),
  );
}
