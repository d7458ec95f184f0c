import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { type ApiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { holdTrpcCalls, loginThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

const LABELS = ['Raccolte', 'Doppie', 'Mancanti'] as const;

const counter = (page: Page, label: (typeof LABELS)[number]) =>
  page.getByRole('group', { name: label, exact: true });

/** The three figures as Home shows them, e.g. `{ Raccolte: '2', Doppie: '3', Mancanti: '8' }`. */
async function counters(page: Page) {
  const entries = await Promise.all(
    LABELS.map(async (label) => {
      const text = (await counter(page, label).textContent()) ?? '';
      return [label, text.replace(label, '').trim()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function markInBulk(api: ApiClient, albumId: number, numbers: string, status: 'yes' | 'double') {
  const response = await api.post<{ unknown: string[] }>('/api/user/stickers/bulk', {
    albumId,
    numbers,
    status,
  });
  expect(response.status).toBe(200);
  expect(response.body.unknown).toEqual([]);
}

async function onHome(user: { nickname: string; password: string }) {
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  return { context, page };
}

test('a newcomer sees 0 in every counter, after a placeholder while the figures load', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  const summary = await holdTrpcCalls(page, 'collection.summary');
  await loginThroughUi(page, user);
  for (const label of LABELS) {
    await counter(page, label).waitFor();
    expect(await counter(page, label).getAttribute('aria-busy'), label).toBe('true');
    expect(await counter(page, label).textContent(), label).not.toMatch(/\d/);
  }
  expect(summary.held).toBeGreaterThan(0);
  summary.release();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  expect(await counters(page)).toEqual({ Raccolte: '0', Doppie: '0', Mancanti: '0' });
  await context.close();
});

test('the counters add up the albums I collect, my doubles and what I miss in those albums', async () => {
  const calciatori = await createAlbum(server.databaseUrl, { stickers: 10 });
  const figurine = await createAlbum(server.databaseUrl, {
    stickers: ['1', '2', '3', 'SPE 1', 'SPE 2'].map((number) => ({
      number,
      name: `Figurina ${number}`,
      team: '',
    })),
  });
  // An album I have not started counts nowhere: neither as collected nor as missing.
  await createAlbum(server.databaseUrl, { stickers: 30 });
  const user = await registeredUser(server.url);
  await markInBulk(user.api, calciatori.id, '1-4', 'yes');
  await markInBulk(user.api, calciatori.id, '5, 6', 'double');
  await markInBulk(user.api, figurine.id, 'SPE 2', 'double');

  const { context, page } = await onHome(user);
  await counter(page, 'Raccolte').getByText('2', { exact: true }).waitFor();
  // calciatori: 4 + 2 of 10 owned, 2 doubles; figurine: 1 of 5 owned, 1 double.
  expect(await counters(page)).toEqual({ Raccolte: '2', Doppie: '3', Mancanti: '8' });

  // Marks made elsewhere (another phone, here the API) show on the next visit.
  await markInBulk(user.api, figurine.id, '1-3, SPE 1', 'yes');
  await page.reload();
  await counter(page, 'Mancanti').getByText('4', { exact: true }).waitFor();
  expect(await counters(page)).toEqual({ Raccolte: '2', Doppie: '3', Mancanti: '4' });
  await context.close();
});

test('when the figures cannot be loaded the counters show a dash, not a misleading 0', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('collection.summary'),
    (route) => route.abort('connectionrefused'),
  );
  await loginThroughUi(page, user);
  await counter(page, 'Doppie').getByText('–', { exact: true }).waitFor({ timeout: 15_000 });
  expect(await counters(page)).toEqual({ Raccolte: '–', Doppie: '–', Mancanti: '–' });
  await context.close();
});
