/**
 * `npm run bench:web`: what a collector's phone downloads and how Lighthouse rates the two pages a new
 * visitor meets, `/login` and (logged in) `/album`. Prints one JSON object:
 *
 * - bytes of JS and CSS a first visit (empty cache) loads until the network is idle, `raw` (decoded
 *   body) and `compressed` (encoded body as transferred, without headers), counted with Chromium's
 *   DevTools Protocol through playwright-core, at the phone size the e2e tests use;
 * - Lighthouse's mobile scores (performance, accessibility, best practices) and metrics (FCP, LCP, TBT,
 *   CLS) with its default mobile preset and simulated throttling, in Debian's Chromium: the median of
 *   three runs per page (`runs` lists the three performance scores);
 * - the budgets and whether each is met. The byte budgets are KiB of compressed transfer; the CSS
 *   budget applies to each page.
 *
 * It builds the client for production first, into dist/client: do not run it while `npm test` is
 * rebuilding that folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from '../e2e/support/browser.ts';
import { loadEnv } from '../src/server/env.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const BUDGETS = {
  loginJsKb: 150,
  albumJsKb: 180,
  cssKb: 30,
  performance: 90,
  accessibility: 95,
  bestPractices: 95,
};
/** A Lighthouse run on a page this small takes ~15 s; past this something hangs. */
const LIGHTHOUSE_TIMEOUT_MS = 120_000;
/**
 * Lighthouse's own advice: one run varies by several points, report the median of several. Each run is
 * in a fresh Chromium; a run Lighthouse itself calls broken (a trace without navigation start, say) is
 * run again, up to this many times.
 */
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_ATTEMPTS = 3;
/** The whole bench, build included; the watchdog cleans up and exits past it. */
const TOTAL_TIMEOUT_MS = 8 * 60_000;

type Bytes = { raw: number; compressed: number };
type Transfer = { js: Bytes; css: Bytes; other: Bytes; requests: number };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `name=value` pairs of the Set-Cookie headers, ready for a Cookie header. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0]?.trim() ?? '')
    .filter(Boolean)
    .join('; ');
}

async function registerCollector(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'BENCHWEB', password: 'password1', cap: '20121' }),
  });
  if (!response.ok) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const cookie = cookieHeader(response);
  if (!cookie) throw new Error('registration set no session cookie');
  return cookie;
}

function kindOf(request: Request, contentType: string): keyof Omit<Transfer, 'requests'> {
  const type = request.resourceType();
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  return 'other';
}

/** A first visit in a fresh context (empty cache): every response until the network is idle. */
async function measureTransfer(
  browser: Browser,
  baseUrl: string,
  pathname: string,
  cookie?: string,
): Promise<Transfer> {
  const { context, page } = await newPage(browser, baseUrl, PHONE);
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
        }),
      );
    }
    const counted: Promise<{ kind: keyof Omit<Transfer, 'requests'>; bytes: Bytes }>[] = [];
    page.on('requestfinished', (request) => {
      counted.push(
        (async () => {
          const response = await request.response();
          const contentType = (await response?.headerValue('content-type')) ?? '';
          const sizes = await request.sizes();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          return {
            kind: kindOf(request, contentType),
            bytes: { raw: body.byteLength, compressed: sizes.responseBodySize },
          };
        })(),
      );
    });
    await page.goto(pathname, { waitUntil: 'networkidle', timeout: 30_000 });
    const landed = new URL(page.url()).pathname;
    if (landed !== pathname) throw new Error(`${pathname} ended on ${landed}`);
    const transfer: Transfer = {
      js: { raw: 0, compressed: 0 },
      css: { raw: 0, compressed: 0 },
      other: { raw: 0, compressed: 0 },
      requests: 0,
    };
    for (const { kind, bytes } of await Promise.all(counted)) {
      transfer[kind].raw += bytes.raw;
      transfer[kind].compressed += bytes.compressed;
      transfer.requests += 1;
    }
    return transfer;
  } finally {
    await context.close();
  }
}

type LighthouseFigures = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  finalPath: string;
  /** Accessibility and best-practices audits that failed outright, to see what costs the points. */
  failing: string[];
  warnings: string[];
};

const chromes = new Set<chromeLauncher.LaunchedChrome>();

/** The run with the median performance score of LIGHTHOUSE_RUNS good runs. */
async function medianLighthouse(
  url: string,
  cookie?: string,
): Promise<LighthouseFigures & { runs: number[] }> {
  const runs: LighthouseFigures[] = [];
  let failures = 0;
  while (runs.length < LIGHTHOUSE_RUNS) {
    try {
      runs.push(await runLighthouse(url, cookie));
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || ++failures >= LIGHTHOUSE_ATTEMPTS) throw error;
    }
  }
  const sorted = runs.toSorted((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const median = sorted[Math.floor(sorted.length / 2)] as LighthouseFigures;
  return { ...median, runs: runs.map((run) => run.performance ?? 0) };
}

class LighthouseRunError extends Error {}

/** One Lighthouse run, mobile preset and simulated throttling, in a Chromium of its own. */
async function runLighthouse(url: string, cookie?: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    logLevel: 'silent',
  });
  chromes.add(chrome);
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(cookie ? { extraHeaders: { cookie } } : {}),
      }),
      LIGHTHOUSE_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    const metric = (id: string, digits = 0) => {
      const value = lhr.audits[id]?.numericValue;
      return typeof value === 'number' ? Number(value.toFixed(digits)) : null;
    };
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift', 3),
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      failing: ['accessibility', 'best-practices'].flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      ),
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    chrome.kill();
    chromes.delete(chrome);
  }
}

const kib = (bytes: number) => bytes / 1024;
const atLeast = (value: number | null, floor: number) => value !== null && value >= floor;

const root = fileURLToPath(new URL('..', import.meta.url));
const startedAt = Date.now();
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-web-'));
await fs.chmod(dataDir, 0o755);
let server: RunningServer | undefined;
let browser: Browser | undefined;

async function cleanUp() {
  for (const chrome of chromes) chrome.kill();
  await browser?.close().catch(() => undefined);
  await server?.close().catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
}

const watchdog = setTimeout(
  () => {
    console.error(`bench:web took longer than ${TOTAL_TIMEOUT_MS / 60_000} minutes; stopping`);
    void cleanUp().finally(() => process.exit(1));
  },
  TOTAL_TIMEOUT_MS - (Date.now() - startedAt),
);

try {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
  });
  server = await startServer(env, () => undefined);
  const cookie = await registerCollector(server.url);

  browser = await launchBrowser();
  const loginTransfer = await measureTransfer(browser, server.url, '/login');
  const albumTransfer = await measureTransfer(browser, server.url, '/album', cookie);
  await browser.close();
  browser = undefined;

  const loginLighthouse = await medianLighthouse(`${server.url}/login`);
  const albumLighthouse = await medianLighthouse(`${server.url}/album`, cookie);
  if (albumLighthouse.finalPath !== '/album')
    throw new Error(`Lighthouse's /album run ended on ${albumLighthouse.finalPath}: the cookie was not sent`);

  const pages = [albumLighthouse, loginLighthouse];
  const met = {
    loginJs: kib(loginTransfer.js.compressed) <= BUDGETS.loginJsKb,
    albumJs: kib(albumTransfer.js.compressed) <= BUDGETS.albumJsKb,
    css: Math.max(kib(loginTransfer.css.compressed), kib(albumTransfer.css.compressed)) <= BUDGETS.cssKb,
    performance: pages.every((page) => atLeast(page.performance, BUDGETS.performance)),
    accessibility: pages.every((page) => atLeast(page.accessibility, BUDGETS.accessibility)),
    bestPractices: pages.every((page) => atLeast(page.bestPractices, BUDGETS.bestPractices)),
  };
  const report = (transfer: Transfer, figures: LighthouseFigures) => {
    const { finalPath: _, ...lighthouseFigures } = figures;
    return { ...transfer, lighthouse: lighthouseFigures };
  };
  console.log(
    JSON.stringify(
      {
        login: report(loginTransfer, loginLighthouse),
        album: report(albumTransfer, albumLighthouse),
        budgets: BUDGETS,
        met: { ...met, all: Object.values(met).every(Boolean) },
        seconds: Math.round((Date.now() - startedAt) / 1000),
      },
      null,
      2,
    ),
  );
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
