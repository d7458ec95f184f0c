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
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { loadEnv } from '../src/server/env.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';
import { killLighthouseChromes, type LighthouseFigures, medianLighthouse } from './web/lighthouse.ts';
import { measureTransfer, type Transfer } from './web/transfer.ts';

const BUDGETS = {
  loginJsKb: 150,
  albumJsKb: 180,
  cssKb: 30,
  performance: 90,
  accessibility: 95,
  bestPractices: 95,
};
/** The whole bench, build included; the watchdog cleans up and exits past it. */
const TOTAL_TIMEOUT_MS = 8 * 60_000;

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
  killLighthouseChromes();
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
  server = await startServer(env);
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
