import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginThroughUi, newPage, PHONE } from '../e2e/support/browser.ts';
import { launchBrowserWithCamera, writeQrCameraVideo } from '../e2e/support/fake-camera.ts';
import { keptOnDevice } from '../e2e/support/kept-on-device.ts';
import { albumOf, type Collector, collectorWith, type Season, startInPersonApp } from './in-person-app.ts';
import {
  installPageTimer,
  type PageTimer,
  type ScanPhases,
  type ScanTimes,
  type Times,
} from './in-person-page-timer.ts';

const STICKERS = 980;
const SEASONS: Record<'a' | 'b', Season> = {
  a: { owned: 0.55, doubles: 0.15 },
  b: { owned: 0.58, doubles: 0.16 },
};
const RATES = [1, 4];
const LIMIT_MS = 1000;

export type Runs = { link: number; camera: number; first: number };
type Phone = { url: string; bruno: Collector; albumId: number; fragment: string; video: string };

const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: number[], share: number) =>
  round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN);
const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
const median = (samples: number[]) => percentile(sorted(samples), 0.5);

function summary(samples: Times[]) {
  const frames = sorted(samples.map((times) => times.frameMs));
  return {
    n: frames.length,
    medianMs: percentile(frames, 0.5),
    p95Ms: percentile(frames, 0.95),
    maxMs: percentile(frames, 1),
  };
}

/** The scans' times, and each phase's median: the phases of a typical scan, not adding up exactly. */
function scanSummary(scans: ScanTimes[]) {
  const phase = (name: keyof ScanPhases) => median(scans.map((scan) => scan.phases[name]));
  const phases = { scannerMs: 0, cameraMs: 0, readMs: 0, listsMs: 0 };
  for (const name of Object.keys(phases) as (keyof ScanPhases)[]) phases[name] = phase(name);
  return { ...summary(scans), phases };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Two frames and an idle moment: what the last change set going (a QR code drawn, a cache written) is done. */
const settle = (page: Page) =>
  page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
  });

const codeLink = async (page: Page) => (await page.getByTestId('code-link').textContent()) as string;

/** A's phone, online: her album code's link as 'Il mio codice' shows it. */
async function albumLinkOf(url: string, anna: Collector, albumId: number) {
  const browser = await launchBrowser('full');
  try {
    const { page } = await newPage(browser, url, PHONE);
    await loginThroughUi(page, anna);
    await page.goto(`/dal-vivo?album=${albumId}`);
    return await codeLink(page);
  } finally {
    await browser.close();
  }
}

/**
 * B's phone, a browser just started with the fake camera filming A's code: /dal-vivo opened online once
 * with the service worker, so the app and the album are on the device; then offline and reloaded, with
 * the renderer's CPU slowed `rate` times. Nothing compiled or cached from an earlier phone.
 */
async function offlinePhone(browser: Browser, phone: Phone, rate: number) {
  const { context, page } = await newPage(browser, phone.url, PHONE, { serviceWorkers: 'allow' });
  await context.addInitScript(installPageTimer);
  await loginThroughUi(page, phone.bruno);
  await page.goto(`/dal-vivo?album=${phone.albumId}`);
  await page.getByTestId('code-link').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByTestId('code-link').waitFor();
  await until(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker');
  await until(async () => {
    const kept = await keptOnDevice(page);
    return kept.includes('"collection","list"') && kept.includes('"swaps","promises"');
  }, 'the album kept on the device');
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('code-link').waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await settle(page);
  return page;
}

/** A's code opened as its link on the open screen: `location.hash` set, as a link or the scanner would. */
async function timeLink(page: Page, fragment: string) {
  const times = await page.evaluate((hash) => {
    const shown = (globalThis as unknown as { pageTimer: PageTimer }).pageTimer.listsShown(performance.now());
    window.location.hash = hash;
    return shown;
  }, fragment);
  await page.getByRole('button', { name: 'Annulla' }).tap();
  await page.getByTestId('code-link').waitFor();
  await settle(page);
  return times;
}

/**
 * A tap on 'Scansiona' (timed from its click event in the page) until the lists show. Then back to 'Il
 * mio codice': 'Annulla' alone returns to the scanner, which would read A's code again at once.
 */
async function timeScan(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { pageTimer: PageTimer }).pageTimer.armScan());
  await page.getByText('Scansiona', { exact: true }).tap();
  const times = await page.evaluate(
    () => (globalThis as unknown as { pageTimer: PageTimer }).pageTimer.scan as Promise<ScanTimes>,
  );
  await page.evaluate(async () => {
    const byText = (selector: string, text: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).find((e) => e.textContent === text);
    byText('button', 'Annulla')?.click();
    await new Promise((resolve) => setTimeout(resolve));
    byText('label', 'Il mio codice')?.click();
  });
  await page.getByTestId('code-link').waitFor();
  await settle(page);
  if ((await page.locator('legend').count()) > 0) throw new Error('the scanner read the code again');
  return times;
}

/** `use` on a fresh phone: a browser of its own, so nothing is compiled or cached from another run. */
async function onFreshPhone<T>(phone: Phone, rate: number, use: (page: Page) => Promise<T>) {
  const browser = await launchBrowserWithCamera(phone.video, 'full');
  try {
    return await use(await offlinePhone(browser, phone, rate));
  } finally {
    await browser.close();
  }
}

/** On a phone that has scanned once: `runs.camera` scans, then `runs.link` links. */
async function warmRuns(page: Page, phone: Phone, runs: Runs) {
  const scans: ScanTimes[] = [];
  for (let run = 0; run < runs.camera; run += 1) scans.push(await timeScan(page));
  const links: Times[] = [];
  for (let run = 0; run < runs.link; run += 1) links.push(await timeLink(page, phone.fragment));
  const native = await page.evaluate(() => 'BarcodeDetector' in globalThis);
  const device = {
    chromium: page.context().browser()?.version(),
    decoder: native ? 'BarcodeDetector' : 'zxing-cpp WebAssembly',
  };
  return { scans, links, device };
}

/**
 * At one CPU rate, `runs.first` times: a fresh phone opens A's link, another scans A's code (the first
 * of these goes on with the warm runs).
 */
async function measureAtRate(phone: Phone, rate: number, runs: Runs) {
  const first = { links: [] as Times[], scans: [] as ScanTimes[] };
  let warm: Awaited<ReturnType<typeof warmRuns>> | undefined;
  for (let phones = 0; phones < runs.first; phones += 1) {
    first.links.push(await onFreshPhone(phone, rate, (page) => timeLink(page, phone.fragment)));
    const scan = await onFreshPhone(phone, rate, async (page) => {
      const times = await timeScan(page);
      warm ??= await warmRuns(page, phone, runs);
      return times;
    });
    first.scans.push(scan);
  }
  const links = warm?.links ?? [];
  return {
    cpuThrottling: rate,
    link: {
      first: summary(first.links),
      warm: { ...summary(links), domMedianMs: median(links.map((times) => times.domMs)) },
    },
    camera: { first: scanSummary(first.scans), warm: scanSummary(warm?.scans ?? []) },
    shown: links.at(-1)?.titles,
    device: warm?.device,
  };
}

/**
 * Issue 34's 'scan-to-lists' on a 390×844 phone, offline: how long B's phone takes, after reading A's
 * album code, to show 'Tu dai' and 'Ricevi', at full speed and with the CPU slowed 4× (a mid-range
 * phone). A 980-sticker album; A and B mid-season, each marked through the fast entry. Every time is
 * taken inside B's page (performance.now()) up to the animation frame after both lists are in the DOM:
 * - `link`: from `location.hash = <A's code>` on the open /dal-vivo (what a link or the scanner hands the
 *   screen); `first` on a fresh phone (the lists' code never run in the page), `warm` after scans;
 * - `camera`: from the tap on 'Scansiona', through the camera starting and the fake camera's frames read,
 *   with its phases (in-person-page-timer.ts); `first` on a fresh phone, the scanner's chunk and the
 *   decoder's WebAssembly loaded from the precache and compiled, `warm` once they are in the page.
 * `met` holds the issue's 'under a second' at 4× for the code read to the lists painted: every first
 * link, the warm links' p95, and the median `listsMs` of first and warm scans.
 */
export async function measureScanToLists(runs: Runs) {
  const app = await startInPersonApp();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-camera-'));
  try {
    const album = await albumOf(app.databaseUrl, STICKERS);
    const anna = await collectorWith(app.url, album, SEASONS.a, 34);
    const bruno = await collectorWith(app.url, album, SEASONS.b, 43);
    const count = (mine: number[], theirs: number[]) =>
      mine.filter((state, i) => state === 2 && theirs[i] === 0).length;
    const link = await albumLinkOf(app.url, anna, album.id);
    const video = await writeQrCameraVideo(link, directory);
    const phone = { url: app.url, bruno, albumId: album.id, fragment: new URL(link).hash, video };
    const measured = [];
    for (const rate of RATES) measured.push(await measureAtRate(phone, rate, runs));
    const rates = measured.map(({ device: _, ...rate }) => rate);
    const slow = rates.find((rate) => rate.cpuThrottling === 4);
    const read = slow && {
      link: Math.max(slow.link.first.maxMs, slow.link.warm.p95Ms),
      scan: Math.max(slow.camera.first.phases.listsMs, slow.camera.warm.phases.listsMs),
    };
    return {
      stickers: STICKERS,
      seasons: SEASONS,
      lists: { tuDai: count(bruno.states, anna.states), ricevi: count(anna.states, bruno.states) },
      linkLength: link.length,
      viewport: PHONE.viewport,
      ...measured[0]?.device,
      runs,
      rates,
      limitMs: LIMIT_MS,
      met: read && { link: read.link < LIMIT_MS, scan: read.scan < LIMIT_MS },
    };
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
    await app.close();
  }
}
