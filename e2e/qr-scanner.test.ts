import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { sampleAlbumLink } from '../test/support/album-codes.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { newPage, type PageOptions, PHONE } from './support/browser.ts';
import { launchBrowserWithCamera, writeQrCameraVideo } from './support/fake-camera.ts';

/**
 * The QR scanner's decoding in Chromium, whose Linux build has no BarcodeDetector: the fallback chunk
 * (barcode-detector on zxing-cpp's WebAssembly, loaded by qr-detector.ts) reads the camera of a phone that
 * films a 980-sticker album's code. The chunk is imported as QrScanner's loader imports it, and its detector
 * reads the camera's frames as QrScanner does.
 */
const LINK = sampleAlbumLink({ stickers: 980, owned: 0.55, freeDoubles: 0.15 });
let server: TestServer;
let browser: Browser;
let directory: string;
beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-camera-'));
  const video = await writeQrCameraVideo(LINK, directory);
  [server, browser] = await Promise.all([
    startTestServer(),
    launchBrowserWithCamera(video, 'headless-shell'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fs.rm(directory, { recursive: true, force: true });
});

/** The fallback decoder's chunk in this run's build, as the app's code asks for it. */
async function decoderChunk(): Promise<string> {
  const files = await fs.readdir(path.join(inject('clientDir'), 'assets'));
  const chunk = files.find((file) => /^qr-fallback-detector-[\w-]+\.js$/.test(file));
  if (!chunk) throw new Error('the build has no qr-fallback-detector chunk');
  return `/assets/${chunk}`;
}

type DecoderChunk = typeof import('../src/client/features/collection/in-person/qr-fallback-detector.ts');

/**
 * In the page: the fallback detector, then the rear camera in a muted inline video, its frames decoded
 * until one holds a code (10 s at most). What it read, or the error that stopped it.
 */
async function readCamera(page: Page, chunk: string): Promise<{ text?: string; error?: string }> {
  // Imported by an expression in a string: vitest rewrites import() in the test's own functions.
  const imported = `import(${JSON.stringify(chunk)}).then((chunk) => { globalThis.decoderChunk = chunk; })`;
  try {
    await page.evaluate(imported);
  } catch (error) {
    return { error: String(error) };
  }
  return page.evaluate(async () => {
    try {
      const { fallbackQrDetector } = (globalThis as unknown as { decoderChunk: DecoderChunk }).decoderChunk;
      const detector = await fallbackQrDetector();
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      await video.play();
      const deadline = performance.now() + 10_000;
      try {
        while (performance.now() < deadline) {
          const text: string | undefined = await detector.detect(video);
          if (text) return { text };
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { error: 'no code read in 10 s' };
      } finally {
        for (const track of stream.getTracks()) track.stop();
      }
    } catch (error) {
      return { error: String(error) };
    }
  });
}

async function openPhone(options?: PageOptions) {
  const opened = await newPage(browser, server.url, PHONE, options);
  const blocked: string[] = [];
  opened.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  return { ...opened, blocked };
}

test("the camera's QR code is read by the fallback decoder, its WebAssembly from our origin under our CSP", async () => {
  const { context, page, blocked } = await openPhone();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/login');
  expect(await page.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);

  expect(await readCamera(page, await decoderChunk())).toEqual({ text: LINK });
  const wasm = requested.filter((url) => url.endsWith('.wasm'));
  expect(wasm).toEqual([
    expect.stringMatching(new RegExp(`^${server.url}/assets/zxing_reader-[\\w-]+\\.wasm$`)),
  ]);
  expect(requested.filter((url) => !url.startsWith(server.url))).toEqual([]);
  expect(blocked).toEqual([]);
  await context.close();
});

test('the WebAssembly goes out compressed, with the type browsers compile while downloading', async () => {
  const { context, page } = await openPhone();
  const answered = page.waitForResponse((response) => response.url().endsWith('.wasm'));
  await page.goto('/login');
  await readCamera(page, await decoderChunk());
  const response = await answered;
  expect(response.headers()['content-type']).toBe('application/wasm');
  expect(response.headers()['content-encoding']).toBe('br');
  await context.close();
});

test('after one visit the decoder and its WebAssembly are in the precache, and read the camera offline', async () => {
  const { context, page, blocked } = await openPhone({ serviceWorkers: 'allow' });
  await page.goto('/login');
  // Registered once the page has settled (3 s after load, then idle), then the whole precache downloaded:
  // about 9 s on the 2-core machine, more under load.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      paths.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return paths;
  });
  const chunk = await decoderChunk();
  expect(cached).toContain(chunk);
  expect(cached.filter((file) => /^\/assets\/zxing_reader-[\w-]+\.wasm$/.test(file))).toHaveLength(1);

  await context.setOffline(true);
  expect(await readCamera(page, chunk)).toEqual({ text: LINK });
  expect(blocked).toEqual([]);
  await context.close();
});

test('a WebAssembly that cannot be fetched fails the loading, instead of leaving the scanner waiting', async () => {
  const { context, page } = await openPhone();
  await page.route(/\.wasm$/, (route) => route.fulfill({ status: 404, body: 'Risorsa non trovata' }));
  await page.goto('/login');
  const outcome = await readCamera(page, await decoderChunk());
  expect(outcome).toMatchObject({ error: expect.any(String) });
  expect(outcome).not.toHaveProperty('text');
  await context.close();
});
