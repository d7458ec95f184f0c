import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

/**
 * Which of Debian's two Chromium builds drives a test (docs/decisions/061). `headless-shell` (package
 * chromium-headless-shell), every test's but a few: the same Blink and V8 without the browser's UI layer
 * under the page, about a third of the full build's CPU on this machine. `full` (package chromium): what the
 * shell cannot do, the notifications of Web Push (the shell denies them, whatever is granted).
 */
export type ChromiumBuild = 'headless-shell' | 'full';

const DEBIAN_FULL = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const DEBIAN: Record<ChromiumBuild, string[]> = {
  // Without the shell, the full build does its work, slower.
  'headless-shell': ['/usr/lib/chromium/chromium-headless-shell', ...DEBIAN_FULL],
  full: DEBIAN_FULL,
};

/** The Chromium to drive: CHROMIUM_PATH when set (another build, another machine), else Debian's `build`. */
export function chromiumPath(
  build: ChromiumBuild,
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = fs.existsSync,
): string | undefined {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!exists(chosen)) throw new Error(`CHROMIUM_PATH ${chosen} does not exist`);
    return chosen;
  }
  return DEBIAN[build].find(exists);
}

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export type Device = typeof PHONE | typeof DESKTOP;

/** Chromium (chromiumPath), headless, with the flags this closed network needs. */
export function chromiumLaunchOptions(build: ChromiumBuild) {
  const executablePath = chromiumPath(build);
  if (!executablePath)
    throw new Error(
      'Chromium is not installed: run `apt-get install -y chromium chromium-headless-shell` (.ci/run does), or set CHROMIUM_PATH.',
    );
  return {
    executablePath,
    args: [
      // The full build in its headless mode; the shell is headless only, and takes the flag as a no-op.
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

export async function launchBrowser(build: ChromiumBuild): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(build));
}

export type PageOptions = {
  /**
   * `block` unless a test is about the service worker: one that controls the page answers from its
   * precache, where `page.route` and the network events the other tests read do not see the requests.
   */
  serviceWorkers?: 'allow' | 'block';
};

export async function newPage(
  browser: Browser,
  baseURL: string,
  device: Device = PHONE,
  { serviceWorkers = 'block' }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...device,
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    serviceWorkers,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Registers through the login screen's register form and waits for Home. */
export async function registerThroughUi(
  page: Page,
  user: { nickname: string; password: string; cap: string; birthMonth?: string; birthYear?: string },
) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Crea un account' }).click();
  await chooseBirthMonth(page, user.birthMonth ?? 'Maggio', user.birthYear ?? '1990');
  await page.getByLabel('Nickname').fill(user.nickname);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('CAP').fill(user.cap);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The birth month and year of the sign-up form or of the screen that asks them once (issue 45). */
export async function chooseBirthMonth(page: Page, month: string, year: string) {
  await page.getByLabel('Mese di nascita').selectOption({ label: month });
  await page.getByLabel('Anno di nascita').selectOption({ label: year });
}

/** Logs in through the login screen's form and waits for Home. */
export async function loginThroughUi(page: Page, user: { nickname: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Nickname').fill(user.nickname);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Taps what Playwright's checks refuse (a switch's input, which has no size of its own; a disabled
 * button), first brought to the middle of the screen. A forced tap goes to a point, not to an element, so
 * it waits, as a person would, until nothing on the screen is moving (no transition running, the element
 * where it was a frame ago) and that point is the element's own: near the bottom the tab bar lay over it
 * (Home opened instead of a switch flipping), and in Profilo → 'Notifiche' still opening, the rows slid
 * 20 px under the finger between press and release (the tap reached the row, not the switch: 2 of 6
 * immediate taps lost before, 0 of 48 after).
 */
export async function forceTap(target: Locator) {
  const element = await target.elementHandle();
  await target.page().waitForFunction((element) => {
    if (!element) return false;
    element.scrollIntoView({ block: 'center', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    const where = `${box.x},${box.y},${box.width},${box.height}`;
    const seen = element as Element & { lastSeenAt?: string };
    const still = seen.lastSeenAt === where;
    seen.lastSeenAt = where;
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
    const moving = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    return still && !moving && [element, ...labels].some((own) => own.contains(hit));
  }, element);
  await target.click({ force: true });
}

/**
 * Returns once no transition or animation with an end is running: a section of Profilo opens over 200 ms,
 * and what appears inside it meanwhile (the comune picker after a CAP) lands when the panel stops, moving
 * the buttons below it under a tap already aimed.
 */
export async function screenStill(page: Page) {
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        ),
  );
}

/** The path the page is on now, without query or hash. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The toast (a Mantine notification, role alert) with exactly this title. */
export function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

/**
 * Returns once the page has caught up with what it was given: a frame drawn, its timers of 0 ms run (tRPC
 * sends a batch from one), then a request sent and answered. A call the page made before, say one a test
 * expects it not to make, has shown among its requests by then: what proves it was not made, without a
 * sleep.
 */
export async function pageCaughtUp(page: Page) {
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await new Promise((resolve) => setTimeout(resolve));
    await fetch('/api/health');
  });
}

/** Records the tRPC procedures the page calls (a batch counts for each of its procedures). */
export function recordTrpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) calls.push(...pathname.slice('/trpc/'.length).split(','));
  });
  return calls;
}

/**
 * Holds every call to one tRPC procedure until `release()`, to see what the screen shows while it waits.
 */
export async function holdTrpcCalls(page: Page, procedure: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.slice(6).split(',').includes(procedure),
    async (route) => {
      held += 1;
      await released;
      await route.continue();
    },
  );
  return {
    release,
    get held() {
      return held;
    },
  };
}

/**
 * After a keyboard pick-up in a dnd-kit list: its KeyboardSensor starts listening for the arrows in a
 * `setTimeout(0)` queued when the item is picked up, after the announcement may already show, so an arrow
 * pressed at once on a busy machine can be lost. A timer queued now runs after that one (timers of the same
 * delay run in order): once it has, the sensor hears the keys.
 */
export async function keyboardSensorListening(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
