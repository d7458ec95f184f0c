import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import {
  type ChromiumBuild,
  DESKTOP,
  type Device,
  launchBrowser,
  newPage,
  type PageOptions,
  PHONE,
} from './browser.ts';

/** What the tests read of the file's server; a second server started by hand fits too. */
export type E2eServer = Pick<TestServer, 'url' | 'databaseUrl'>;

/** Someone logged in: the session cookie their client holds (`name=value`), as test/support/api-client.ts keeps it. */
type LoggedIn = { api: { cookie: string | undefined } };

/** This worker's Chromium of each build, in the projects that share servers: launched once, gone with the worker. */
const sharedBrowsers = new Map<ChromiumBuild, Promise<Browser>>();

function sharedBrowser(build: ChromiumBuild): Promise<Browser> {
  let browser = sharedBrowsers.get(build);
  if (!browser) {
    browser = launchBrowser(build);
    sharedBrowsers.set(build, browser);
  }
  return browser;
}

/**
 * The app under test for one e2e file: a real server and a headless Chromium, started in `beforeAll`. In
 * the projects that share servers (vitest.config.ts) both are the worker's, used by the files it runs one
 * after another; elsewhere, or with `options`, the server is the file's own and closed in `afterAll`.
 * `server` reads through to the running server, so tests and helpers can hold it from the top of the
 * file. Each `new…()` opens a fresh browser context (its own cookies) on this server, or on `on`, with
 * service workers blocked unless `pageOptions` allow them; the test closes it, and `afterAll` closes any
 * a failed test left open. `chromium` is the build the file needs: the headless shell unless it shows
 * notifications (ChromiumBuild).
 */
export function setUpE2eApp(
  options: Parameters<typeof startTestServer>[0] = {},
  { chromium = 'headless-shell' }: { chromium?: ChromiumBuild } = {},
) {
  let running: { server: TestServer; browser: Browser } | undefined;
  const opened = new Set<BrowserContext>();
  beforeAll(async () => {
    const browser = inject('shareServers') ? sharedBrowser(chromium) : launchBrowser(chromium);
    const [server, launched] = await Promise.all([startTestServer(options), browser]);
    running = { server, browser: launched };
  });
  // A failed test leaves what its pages showed in test-results/failures: the page's picture and text, for
  // a failure on CI that does not repeat at home.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const dir = path.join('test-results', 'failures');
    await fs.mkdir(dir, { recursive: true });
    const name = task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
    const pages = [...opened].flatMap((context) => context.pages());
    await Promise.all(
      pages.map(async (page, index) => {
        const file = path.join(dir, `${name}-${index}`);
        await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
        const text = await page
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, not the styles' source
          .evaluate(() => `${location.href}\n\n${document.body.innerText}`)
          .catch(String);
        await fs.writeFile(`${file}.txt`, text);
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    if (!inject('shareServers')) await running?.browser.close();
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
  const openPage = async (device: Device, on: E2eServer = server, pageOptions?: PageOptions) => {
    const page = await newPage(started().browser, on.url, device, pageOptions);
    opened.add(page.context);
    page.context.once('close', () => opened.delete(page.context));
    return page;
  };
  /**
   * A page on which `user` is logged in already, by the session cookie their registration set: the way
   * every test starts whose subject is not logging in (no form, no password check, no extra page load).
   * Nothing is opened yet: the test goes where it wants.
   */
  const openPageAs = async (
    user: LoggedIn,
    device: Device,
    on: E2eServer = server,
    pageOptions?: PageOptions,
  ) => {
    const page = await openPage(device, on, pageOptions);
    const [name = '', value = ''] = (user.api.cookie ?? '').split(/=(.*)/);
    if (!name)
      throw new Error('This user has no session cookie: register or log them in through the API first.');
    await page.context.addCookies([{ name, value, url: on.url }]);
    return page;
  };
  return {
    server,
    /** A phone, 390×844, touch. */
    newPhone: (on?: E2eServer, pageOptions?: PageOptions) => openPage(PHONE, on, pageOptions),
    /** A desktop, 1280×800. */
    newDesktop: (on?: E2eServer, pageOptions?: PageOptions) => openPage(DESKTOP, on, pageOptions),
    /** For tests that run the same steps on either device. */
    newPage: openPage,
    /** A phone on which `user` is logged in (by cookie). */
    phoneOf: (user: LoggedIn, on?: E2eServer, pageOptions?: PageOptions) =>
      openPageAs(user, PHONE, on, pageOptions),
    /** A desktop on which `user` is logged in (by cookie). */
    desktopOf: (user: LoggedIn, on?: E2eServer, pageOptions?: PageOptions) =>
      openPageAs(user, DESKTOP, on, pageOptions),
    /** Any device on which `user` is logged in (by cookie). */
    pageOf: openPageAs,
  };
}
