/**
 * `npm run bench:album`: how quickly the album screen answers a collector's taps, in Chromium at 390×844
 * against the real server and the demo catalogue (its first album has 720 stickers). Prints one JSON
 * object; the times are taken inside the page (performance.now()), from the tap's click event to the
 * frame after the change is in the DOM.
 *
 * It builds the client for production first (React's development build would be several times
 * slower), into dist/client: do not run it while `npm test` is rebuilding that folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE, registerThroughUi } from '../e2e/support/browser.ts';
import { DEMO_ALBUMS } from '../src/server/albums/demo-catalogue.ts';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';

const OPENS = 10;
const TAPS = 30;
const ALBUM = DEMO_ALBUMS[0]?.name ?? 'Campionato Fantasia 2026';

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** What ends a measurement: an element matching `selector` is in the page (and pressed, if asked). */
type Goal = { selector: string; pressed?: boolean };

/**
 * Arms a one-shot timer in the page: it starts when the next tap's click event reaches the page (not at
 * the event's timestamp, which includes the delay of Playwright's synthetic input) and stops on the
 * first animation frame after the goal is met, checked on every DOM change.
 */
async function armTimer(page: Page, goal: Goal) {
  await page.evaluate(({ selector, pressed }) => {
    const met = () => {
      const element = document.querySelector(selector);
      return element !== null && (!pressed || element.getAttribute('aria-pressed') === 'true');
    };
    (globalThis as { __timer?: Promise<number> }).__timer = new Promise<number>((resolve) => {
      document.addEventListener(
        'click',
        () => {
          const startedAt = performance.now();
          const finish = () => requestAnimationFrame(() => resolve(performance.now() - startedAt));
          if (met()) return finish();
          const observer = new MutationObserver(() => {
            if (!met()) return;
            observer.disconnect();
            finish();
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        },
        { capture: true, once: true },
      );
    });
  }, goal);
}

const readTimer = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __timer: Promise<number> }).__timer);

const FIRST_ROW: Goal = { selector: 'ul[aria-label="Figurine"] > li' };

async function timeAlbumOpen(page: Page) {
  await armTimer(page, FIRST_ROW);
  await page.getByRole('button', { name: ALBUM }).tap();
  return readTimer(page);
}

async function timeStatusTap(page: Page, row: number) {
  const rowLocator = page.getByRole('list', { name: 'Figurine' }).getByRole('listitem').nth(row);
  const have = rowLocator.getByRole('button', { name: "Ce l'ho", exact: true });
  const owned = (await have.getAttribute('aria-pressed')) === 'true';
  const target = owned ? rowLocator.getByRole('button', { name: 'Mi manca', exact: true }) : have;
  await target.evaluate((button) => button.setAttribute('data-bench-target', ''));
  await armTimer(page, { selector: '[data-bench-target]', pressed: true });
  await target.tap();
  const ms = await readTimer(page);
  await target.evaluate((button) => button.removeAttribute('data-bench-target'));
  return ms;
}

const root = fileURLToPath(new URL('..', import.meta.url));
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  },
);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-album-'));
await fs.chmod(dataDir, 0o755);
const env = loadEnv({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'silent' });
const server = await startServer(env);
const browser = await launchBrowser('full');
try {
  const { page } = await newPage(browser, server.url, PHONE);
  await registerThroughUi(page, { nickname: 'BENCHALB', password: 'password1', cap: '20121' });

  // Cold: a fresh page load each time, so only what the list prefetches is in memory.
  const coldOpen: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    await page.goto('/album?reset=true');
    await page.getByRole('button', { name: ALBUM }).waitFor();
    await page.waitForLoadState('networkidle');
    coldOpen.push(await timeAlbumOpen(page));
  }

  // Warm: back to the list and in again, the way a collector goes between albums.
  const warmOpen: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    await page.getByRole('button', { name: 'Torna agli album' }).tap();
    await page.getByRole('button', { name: ALBUM }).waitFor();
    warmOpen.push(await timeAlbumOpen(page));
  }

  await page.getByRole('list', { name: 'Figurine' }).getByRole('listitem').nth(9).waitFor();
  const tapToStatus: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    tapToStatus.push(await timeStatusTap(page, i % 10));
    await page.waitForTimeout(120);
  }
  await page.waitForLoadState('networkidle');

  console.log(
    JSON.stringify(
      {
        album: ALBUM,
        viewport: PHONE.viewport,
        albumOpenMs: { cold: percentiles(coldOpen), warm: percentiles(warmOpen) },
        tapToStatusMs: percentiles(tapToStatus),
        renderedRows: await page.getByRole('list', { name: 'Figurine' }).getByRole('listitem').count(),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
