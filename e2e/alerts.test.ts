import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { startPushService } from '../test/support/push-service.ts';
import { type SwapCollector, swapHelpers } from '../test/support/swaps.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * The service worker's notifications (issue 33). Headless Chromium has no push service of its own (it
 * needs Google's, and Playwright's contexts are incognito ones, where `pushManager.subscribe` is refused),
 * so the collector's device is a subscription on the tests' own push service: the server sends each alert
 * there for real (VAPID, aes128gcm), the service decrypts it as a browser would, and the test hands the
 * decrypted payload to the page's service worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), which runs the worker's real `push` handler.
 */
const push = await startPushService();
// Notifications: the full build (the headless shell denies them).
const app = setUpE2eApp({ env: { PUSH_ENDPOINT_HOSTS: `http://${push.host}` } }, { chromium: 'full' });
const { server } = app;
afterAll(() => push.close());

let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Avvisi', stickers: 20 });
});
const { propose, pair } = swapHelpers(server, () => album);

type Shown = { title: string; body: string; tag: string; icon: string; badge: string; data: unknown };

/** The collector's phone on Home: logged in, notifications allowed, the service worker in charge. */
async function phoneOf(user: SwapCollector) {
  const { context, page } = await app.phoneOf(user, undefined, { serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: server.url });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}

/** A device of `user` on the test push service: where the server sends their alerts. */
async function deviceOf(user: SwapCollector) {
  const subscription = push.newSubscription();
  const response = await user.api.post('/api/user/push-subscriptions', subscription);
  expect(response.status).toBe(200);
  return subscription.endpoint;
}

/** Hands `data` to the page's service worker as a push message, as the browser's push service would. */
async function deliverPush(context: BrowserContext, page: Page, data: string) {
  // The page's worker installed and active first: a push right after the page opened (the malformed
  // one's test) could otherwise reach a worker still installing — the test that failed now and then.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const scopeURL = `${server.url}/`;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((one) => one.scopeURL === scopeURL && !one.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  // The worker running before the push, as a push service's message finds it once woken: an idle worker
  // is stopped, and starting it again on a loaded machine took longer than the wait for the notification.
  const running = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((one) => one.status === 'activated' && one.runningStatus === 'running')) resolve();
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.startWorker', { scopeURL });
  await running;
  // The push is handled once its notification is shown (every push shows one): the worker tells when,
  // rather than the page looking for it for a second (a CI run once saw none within that second).
  const worker =
    context.serviceWorkers().find((one) => one.url().startsWith(server.url)) ??
    (await context.waitForEvent('serviceworker', (one) => one.url().startsWith(server.url)));
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shown?: Promise<void> };
    const { registration } = scope;
    const show = registration.showNotification.bind(registration);
    scope.shown = new Promise((resolve) => {
      registration.showNotification = async (...args) => {
        await show(...args);
        registration.showNotification = show;
        resolve();
      };
    });
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: server.url,
    registrationId: await registrationId,
    data,
  });
  await worker.evaluate(() => (self as unknown as { shown: Promise<void> }).shown);
  await cdp.detach();
}

/** The notifications the service worker shows now. */
const notificationsOf = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, icon, badge, data }) => ({
      title,
      body,
      tag,
      icon,
      badge,
      data: data as unknown,
    }));
  });

/**
 * A tap on the notification of `tag`. An OS notification cannot be clicked headless, so the worker itself
 * fires `notificationclick` at its real handler with the real notification. Chromium refuses what only a
 * real tap may do — `waitUntil` on a constructed event, focusing a window, opening one — so this proves the
 * handler's choice of window and address, and its navigation, not the focus.
 */
async function tapNotification(context: BrowserContext, tag: string) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in this context');
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    const NotificationEvent = (
      globalThis as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      }
    ).NotificationEvent;
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  }, tag);
}

test('a proposal pushed by the server shows as a notification (title, body, icon, badge, tag); a tap opens its swap in Scambi', async () => {
  const { anna, bruno } = await pair();
  const brunoDevice = await deviceOf(bruno);
  const { context, page } = await phoneOf(bruno);
  await page.goto('/album');

  const proposed = await propose(anna, bruno, ['1'], ['11']);
  expect(proposed.status).toBe(201);
  const id = proposed.body.id;
  const [message] = await push.waitForMessages(brunoDevice);
  await deliverPush(context, page, message?.payload ?? '');

  const expected: Shown = {
    title: 'Nuova proposta di scambio',
    body: `${anna.nickname} ti propone 1 figurina per 1 figurina (${album.name})`,
    tag: `swap-${id}`,
    icon: `${server.url}/icons/icon-192.png`,
    badge: `${server.url}/icons/badge-96.png`,
    data: { url: `${server.url}/scambi?scambio=${id}` },
  };
  await expect.poll(() => notificationsOf(page)).toEqual([expected]);
  // The icons it names are served (and precached with the app).
  for (const icon of [expected.icon, expected.badge]) {
    const response = await fetch(icon);
    expect(response.headers.get('content-type')).toBe('image/png');
  }

  // The same swap told again replaces the notification: one per tag. (The new text shows that the second
  // push was handled before the tap below: a late one would bring the notification back after it.)
  const again = { ...JSON.parse(message?.payload ?? '{}'), body: 'Di nuovo' };
  await deliverPush(context, page, JSON.stringify(again));
  await expect.poll(() => notificationsOf(page)).toEqual([{ ...expected, body: 'Di nuovo' }]);

  await tapNotification(context, `swap-${id}`);
  await page.waitForURL((url) => url.pathname === '/scambi' && url.search === `?scambio=${id}`);
  // The list opens on the tab holding it, the card rung and in view.
  const card = page
    .locator('[aria-current="true"]')
    .getByRole('article', { name: `Scambio con ${anna.nickname}: Proposto` });
  await card.waitFor();
  await expect.poll(() => card.isVisible()).toBe(true);
  expect(await page.getByRole('radio', { name: 'In corso' }).isChecked()).toBe(true);
  await expect.poll(() => notificationsOf(page)).toEqual([]);
  await context.close();
});

test('a message while the chat is closed: the notification names the sender, a tap opens that chat', async () => {
  const { anna, bruno } = await pair();
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  expect(match.status).toBe(200);
  const brunoDevice = await deviceOf(bruno);
  const { context, page } = await phoneOf(bruno);

  const sent = await anna.api.post(`/api/matches/${match.body.id}/messages`, { content: 'Ciao! Scambiamo?' });
  expect(sent.status).toBe(200);
  const [message] = await push.waitForMessages(brunoDevice);
  await deliverPush(context, page, message?.payload ?? '');
  await expect
    .poll(() => notificationsOf(page))
    .toEqual([
      expect.objectContaining({
        title: anna.nickname,
        body: 'Ciao! Scambiamo?',
        tag: `chat-${match.body.id}`,
        data: { url: `${server.url}/chat/${match.body.id}` },
      }),
    ]);

  await tapNotification(context, `chat-${match.body.id}`);
  await page.waitForURL((url) => url.pathname === `/chat/${match.body.id}`);
  await page.getByText('Ciao! Scambiamo?').waitFor();
  await context.close();
});

test('every push shows something: a malformed one the generic notification, a foreign address opens Home', async () => {
  const { bruno } = await pair();
  const { context, page } = await phoneOf(bruno);
  await page.goto('/album');

  await deliverPush(context, page, 'non è JSON');
  await expect
    .poll(() => notificationsOf(page))
    .toEqual([
      expect.objectContaining({
        title: 'Scambio Figurine',
        body: 'Hai novità nei tuoi scambi',
        data: { url: `${server.url}/` },
      }),
    ]);

  const foreign = { title: 'Attenzione', body: 'Apri qui', url: 'https://esempio.invalid/truffa', tag: 'x' };
  await deliverPush(context, page, JSON.stringify(foreign));
  await expect
    .poll(() => notificationsOf(page))
    .toContainEqual(expect.objectContaining({ title: 'Attenzione', data: { url: `${server.url}/` } }));
  await tapNotification(context, 'x');
  await page.waitForURL((url) => url.pathname === '/');
  expect(page.url().startsWith(server.url)).toBe(true);
  await context.close();
});

test('the app badge follows the tab bar: messages not read plus swaps waiting, cleared when none', async () => {
  const { anna, bruno } = await pair();
  const { context, page } = await app.phoneOf(bruno);
  // What the page asks of the Badging API, recorded on the way through to Chromium's own.
  await context.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { badgeCalls: calls });
    const set = navigator.setAppBadge.bind(navigator);
    const clear = navigator.clearAppBadge.bind(navigator);
    navigator.setAppBadge = (count?: number) => {
      calls.push(`set ${count}`);
      return set(count);
    };
    navigator.clearAppBadge = () => {
      calls.push('clear');
      return clear();
    };
  });
  const badgeCalls = () => page.evaluate(() => (window as unknown as { badgeCalls: string[] }).badgeCalls);
  const lastBadge = async () => (await badgeCalls()).at(-1);
  await page.goto('/');
  await page.getByRole('heading', { name: `Ciao, ${bruno.nickname}!` }).waitFor();
  const proposed = await propose(anna, bruno, ['1'], ['11']);
  // The page learns of it from the inbox stream.
  await expect.poll(lastBadge, { timeout: 10_000 }).toBe('set 1');
  const declined = await bruno.api.post(`/api/swaps/${proposed.body.id}/decline`);
  expect(declined.status).toBe(200);
  await expect.poll(lastBadge, { timeout: 10_000 }).toBe('clear');
  await context.close();
});
