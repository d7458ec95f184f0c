import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { DESKTOP, type Device, launchBrowser, newPage, type PageOptions, PHONE } from './browser.ts';

/** What the tests read of the file's server; a second server started by hand fits too. */
export type E2eServer = Pick<TestServer, 'url' | 'databaseUrl'>;

/**
 * The app under test for one e2e file: a real server with a database of its own and a headless
 * Chromium, started in `beforeAll` and closed in `afterAll`. `server` reads through to the running
 * server, so tests and helpers can hold it from the top of the file. Each `new…()` opens a fresh browser
 * context (its own cookies) on this server, or on `on`, with service workers blocked unless `pageOptions`
 * allow them; the test closes it.
 */
export function setUpE2eApp(options: Parameters<typeof startTestServer>[0] = {}) {
  let running: { server: TestServer; browser: Browser } | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startTestServer(options), launchBrowser()]);
    running = { server, browser };
  });
  afterAll(async () => {
    await running?.browser.close();
    await running?.server.close();
  });

  const started = () => {
    if (!running) throw new Error('The e2e app starts in beforeAll: use it inside a test or a hook.');
    return running;
  };
  const server: E2eServer = {
    get url() {
      return started().server.url;
    },
    get databaseUrl() {
      return started().server.databaseUrl;
    },
  };
  const openPage = (device: Device, on: E2eServer = server, pageOptions?: PageOptions) =>
    newPage(started().browser, on.url, device, pageOptions);
  return {
    server,
    /** A phone, 390×844, touch. */
    newPhone: (on?: E2eServer, pageOptions?: PageOptions) => openPage(PHONE, on, pageOptions),
    /** A desktop, 1280×800. */
    newDesktop: (on?: E2eServer, pageOptions?: PageOptions) => openPage(DESKTOP, on, pageOptions),
    /** For tests that run the same steps on either device. */
    newPage: openPage,
  };
}
