import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { unsubscribeToken } from '../src/server/alerts/unsubscribe-token.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { sql } from '../test/support/sql.ts';
import { swapHelpers } from '../test/support/swaps.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { forceTap, screenStill, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * Profilo → 'Notifiche', the offer after the first proposal, the e-mails' unsubscribe page and the swap a
 * notification links to, on a phone (390×844). Headless Chromium denies every permission request it gets
 * (there is nobody to ask): a collector tapping 'Blocca'. Playwright's grantPermissions stands for 'Consenti'.
 */
const SESSION_SECRET = 'alerts-e2e-session-secret-long-enough-0123456789';
const { server, newPhone, phoneOf } = setUpE2eApp(
  { env: { SESSION_SECRET } },
  // Notifications: the full build (the headless shell denies them).
  { chromium: 'full' },
);
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Avvisi', stickers: 20 });
});
const { propose, act, pair, collector } = swapHelpers(server, () => album);

async function openNotifications(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
  await page.getByRole('list', { name: 'Avvisi' }).waitFor();
  await screenStill(page);
}

/** A screenshot of the phone's screen from the top of 'Notifiche'. */
async function shootSection(page: Page, name: string) {
  await page
    .getByRole('button', { name: 'Notifiche', exact: true })
    .evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

const kindSwitch = (page: Page, channel: 'Push' | 'E-mail', label: string) =>
  page.getByRole('switch', { name: `${channel}: ${label}` });

const PROPOSALS = 'Nuove proposte di scambio';
const DIGEST = "'Vicino a te': collezionisti con cui scambiare";
const deviceSwitch = (page: Page) => page.getByRole('switch', { name: 'Notifiche su questo dispositivo' });

test("Profilo → 'Notifiche': one row per kind, saved as flipped and read back after a reload; e-mail only with a verified address", async () => {
  const user = await collector();
  const { context, page } = await phoneOf(user);
  await openNotifications(page);

  // The defaults: push on for what a swap needs, the digest off, no e-mail; e-mail switches off and why.
  expect(await kindSwitch(page, 'Push', PROPOSALS).isChecked()).toBe(true);
  expect(await kindSwitch(page, 'Push', DIGEST).isChecked()).toBe(false);
  await page.getByText('Al massimo una volta al giorno, mai tra le 21 e le 8').waitFor();
  expect(await kindSwitch(page, 'E-mail', PROPOSALS).isDisabled()).toBe(true);
  await page.getByText('Le e-mail arrivano solo a un indirizzo verificato').waitFor();
  if (SCREENSHOTS) {
    await shootSection(page, 'notifiche-profilo');
    await page.evaluate(() => window.scrollBy(0, 600));
    await page.screenshot({ path: `${SCREENSHOTS}/notifiche-profilo-2.png` });
  }

  await forceTap(kindSwitch(page, 'Push', PROPOSALS));
  await forceTap(kindSwitch(page, 'Push', DIGEST));
  await expect
    .poll(async () => (await user.api.get('/api/user/notifications')).body.settings)
    .toMatchObject({ proposal: { push: false, email: false }, digest: { push: true, email: false } });

  await page.reload();
  await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
  await expect.poll(() => kindSwitch(page, 'Push', PROPOSALS).isChecked()).toBe(false);
  expect(await kindSwitch(page, 'Push', DIGEST).isChecked()).toBe(true);

  // A verified address: the e-mail switches work.
  await sql(server.databaseUrl, 'update app_user set email = $1, email_verified_at = now() where id = $2', [
    `${user.nickname.toLowerCase()}@esempio.it`,
    user.id,
  ]);
  await page.reload();
  await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
  await expect.poll(() => kindSwitch(page, 'E-mail', PROPOSALS).isDisabled()).toBe(false);
  expect(await page.getByText('Le e-mail arrivano solo a un indirizzo verificato').count()).toBe(0);
  await forceTap(kindSwitch(page, 'E-mail', PROPOSALS));
  await expect
    .poll(async () => (await user.api.get('/api/user/notifications')).body.settings)
    .toMatchObject({ proposal: { push: false, email: true } });
  await context.close();
});

test('this device: the switch asks the browser only when tapped; a refusal, a block and a failed subscription are explained in Italian', async () => {
  const user = await collector();
  const { context, page } = await phoneOf(user, undefined, { serviceWorkers: 'allow' });
  await openNotifications(page);
  await page.getByText('il browser ti chiederà il permesso').waitFor();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  // The tap asks; headless Chromium says no, as a collector who taps 'Blocca' would.
  await forceTap(deviceSwitch(page));
  const blocked = page.getByText(
    'Hai bloccato le notifiche per questo sito: riattivale dalle impostazioni del browser, poi torna qui.',
  );
  await blocked.waitFor();
  expect(await deviceSwitch(page).isDisabled()).toBe(true);
  if (SCREENSHOTS) await shootSection(page, 'notifiche-bloccate');

  // Allowed again in the browser's settings, then back here. This Chromium cannot subscribe (no push
  // service in an incognito context), and says so instead of pretending.
  await context.grantPermissions(['notifications'], { origin: server.url });
  await page.reload();
  await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
  await deviceSwitch(page).waitFor({ state: 'attached' });
  expect(await blocked.count()).toBe(0);
  await expect.poll(() => deviceSwitch(page).isDisabled()).toBe(false);
  expect(await deviceSwitch(page).isChecked()).toBe(false);
  // The service worker has installed (its precache downloaded) before the tap: what is said here is the
  // subscription's refusal, not the app not ready yet (a loaded machine took longer than the wait for it).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await forceTap(deviceSwitch(page));
  await page
    .getByRole('alert')
    .filter({ hasText: 'Il browser non è riuscito a iscriversi al servizio di notifiche' })
    .waitFor();
  expect(await deviceSwitch(page).isChecked()).toBe(false);
  expect((await user.api.get('/api/user/notifications')).body.pushDevices).toBe(0);
  if (SCREENSHOTS) await shootSection(page, 'notifiche-errore');
  await context.close();
});

test("an iPhone's Safari outside the Home Screen (no Push API there) is told how to add the app first", async () => {
  const user = await collector();
  const { context, page } = await phoneOf(user);
  // Safari on iOS 17 as it is in a tab: no PushManager nor Notification, `navigator.standalone` false.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'userAgent', {
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    });
    Object.defineProperty(navigator, 'standalone', { value: false });
    Reflect.deleteProperty(window, 'PushManager');
    Reflect.deleteProperty(window, 'Notification');
  });
  await openNotifications(page);
  await page.getByText("Tocca Condividi, poi «Aggiungi alla schermata Home», e apri l'app da lì.").waitFor();
  expect(await deviceSwitch(page).count()).toBe(0);
  // The kinds stay: e-mail, and the push of the other devices.
  expect(await kindSwitch(page, 'Push', PROPOSALS).isChecked()).toBe(true);
  if (SCREENSHOTS) await shootSection(page, 'notifiche-iphone');
  await context.close();
});

test('after the first proposal sent: the offer under its card, once; "Non ora" is remembered on this device', async () => {
  const { anna, bruno } = await pair();
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  const { context, page } = await phoneOf(anna);
  await page.goto(`/chat/${match.body.id}`);
  await page.getByRole('button', { name: 'Proponi scambio' }).click();
  await page.getByRole('button', { name: 'Invia proposta' }).click();
  await toast(page, 'Proposta inviata').waitFor();

  // Who just proposed waits for an answer: that is the question.
  const offer = page.getByRole('region', { name: 'Vuoi sapere subito quando risponde?' });
  await offer.getByText('anche ad app chiusa').waitFor();
  // Shown, not asked: the browser's question waits for 'Attiva le notifiche'.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/notifiche-offerta.png` });
  await offer.getByRole('button', { name: 'Non ora' }).click();
  await expect.poll(() => offer.count()).toBe(0);

  // A proposal for her, after a reload: no second offer.
  const received = await propose(bruno, anna, ['12'], ['2']);
  expect(received.status).toBe(201);
  await page.goto('/scambi');
  await page
    .getByRole('article', { name: `Scambio con ${bruno.nickname}: Proposto` })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Accetta' }).waitFor();
  expect(await offer.count()).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await context.close();
});

test("a proposal received: the offer under it; 'Attiva le notifiche' asks the browser, and a refusal says how to change it later", async () => {
  const { anna, bruno } = await pair();
  await propose(anna, bruno, ['1'], ['11']);
  const { context, page } = await phoneOf(bruno);
  await page.goto('/scambi');
  // A proposal received: nobody is to answer him, the next proposal is what he may want to know of.
  const offer = page.getByRole('region', { name: 'Vuoi sapere subito quando arriva la prossima proposta?' });
  await offer.waitFor();
  expect(await offer.count()).toBe(1);
  await offer.getByRole('button', { name: 'Attiva le notifiche' }).click();
  await offer
    .getByRole('alert')
    .filter({
      hasText: 'Se cambi idea, riattivale dalle impostazioni del browser, poi da Profilo → Notifiche.',
    })
    .waitFor();
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/notifiche-rifiutate.png` });
  await offer.getByRole('button', { name: 'Ho capito' }).click();
  await expect.poll(() => offer.count()).toBe(0);
  await context.close();
});

test('the e-mail unsubscribe link turns that kind off without a login; a forged one is refused in Italian', async () => {
  const user = await collector();
  await sql(server.databaseUrl, 'update app_user set email = $1, email_verified_at = now() where id = $2', [
    `${user.nickname.toLowerCase()}@esempio.it`,
    user.id,
  ]);
  const on = await user.api.put('/api/user/notifications', { answer: { push: true, email: true } });
  expect(on.status).toBe(200);

  const { context, page } = await newPhone();
  const token = unsubscribeToken(SESSION_SECRET, user.id, 'answer');
  await page.goto(`/notifiche/disiscrizione?token=${encodeURIComponent(token)}`);
  await page.getByText('Non riceverai più e-mail per «Risposte alle mie proposte».').waitFor();
  expect(await page.getByRole('navigation', { name: 'Navigazione principale' }).count()).toBe(0);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/notifiche-disiscrizione.png` });
  expect((await user.api.get('/api/user/notifications')).body.settings).toMatchObject({
    answer: { push: true, email: false },
  });

  await page.goto(`/notifiche/disiscrizione?token=${encodeURIComponent(`${token.slice(0, -1)}x`)}`);
  await page.getByRole('alert').getByText('Link per disiscriversi non valido.').waitFor();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/notifiche-disiscrizione-errore.png` });
  // 'Scegli i tuoi avvisi' leads to Profilo, through the login for a stranger.
  await page.getByRole('link', { name: 'Scegli i tuoi avvisi' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await context.close();
});

test("/scambi?scambio= of a past swap opens 'Passati' with that card rung", async () => {
  const { anna, bruno } = await pair();
  const first = await propose(anna, bruno, ['1'], ['11']);
  await act(bruno, first.body.id, 'decline');
  await propose(anna, bruno, ['2'], ['12']);
  const { context, page } = await phoneOf(anna);
  await page.goto(`/scambi?scambio=${first.body.id}`);
  const card = page
    .locator('[aria-current="true"]')
    .getByRole('article', { name: `Scambio con ${bruno.nickname}: Rifiutato` });
  await card.waitFor();
  expect(await page.getByRole('radio', { name: 'Passati' }).isChecked()).toBe(true);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/scambi-evidenziato.png` });
  // The other tab still works as before.
  await page.getByText('In corso').click();
  await page.getByRole('article', { name: `Scambio con ${bruno.nickname}: Proposto` }).waitFor();
  await context.close();
});

test("'Non disturbare dalle … alle …' and a kind's 'Riepilogo giornaliero' on a phone, saved as set", async () => {
  const user = await collector();
  await sql(server.databaseUrl, 'update app_user set email = $2, email_verified_at = now() where id = $1', [
    user.id,
    `quiet.${user.id}@example.it`,
  ]);
  const { context, page } = await phoneOf(user);
  await openNotifications(page);
  const quiet = page.getByRole('region', { name: 'Non disturbare' });
  const toggle = quiet.getByRole('switch', { name: 'Non disturbare' });
  // This suite's accounts start without quiet hours (QUIET_HOURS_DEFAULT=none): on, they offer 21:00–08:00.
  expect(await toggle.isChecked()).toBe(false);
  await forceTap(toggle);
  await expect.poll(() => quiet.getByLabel('Dalle', { exact: true }).inputValue()).toBe('21:00');
  expect(await quiet.getByLabel('Alle', { exact: true }).inputValue()).toBe('08:00');
  await quiet.getByLabel('Dalle', { exact: true }).fill('22:30');
  const saved = async () =>
    (await user.api.get<{ quietHours: unknown }>('/api/user/notifications')).body.quietHours;
  await expect.poll(saved).toEqual({ from: '22:30', to: '08:00' });

  // The daily summary shows once a kind goes by e-mail.
  const summary = page.getByRole('switch', { name: `Riepilogo giornaliero: ${PROPOSALS}` });
  expect(await summary.count()).toBe(0);
  await forceTap(kindSwitch(page, 'E-mail', PROPOSALS));
  await forceTap(summary);
  const channels = async () =>
    (await user.api.get<{ settings: { proposal: unknown } }>('/api/user/notifications')).body.settings
      .proposal;
  await expect.poll(channels).toEqual({ push: true, email: true, digest: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.reload();
  await openNotifications(page);
  expect(
    await page
      .getByRole('region', { name: 'Non disturbare' })
      .getByLabel('Dalle', { exact: true })
      .inputValue(),
  ).toBe('22:30');
  expect(await page.getByRole('switch', { name: `Riepilogo giornaliero: ${PROPOSALS}` }).isChecked()).toBe(
    true,
  );
  await context.close();
});
