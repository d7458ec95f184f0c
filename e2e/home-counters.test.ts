import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { type ApiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { holdTrpcCalls, loginThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

const LABELS = ['Raccolte', 'Doppie', 'Mancanti'] as const;

const counter = (where: Page | Locator, label: (typeof LABELS)[number]) =>
  where.getByRole('group', { name: label, exact: true });

/** The three figures as Home shows them, e.g. `{ Raccolte: '2', Doppie: '3', Mancanti: '8' }`. */
async function counters(page: Page | Locator) {
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

test("a newcomer sees the catalogue's first album, nothing collected yet, after a placeholder while it loads", async () => {
  const first = await createAlbum(server.databaseUrl, { name: 'Il primo album', stickers: 12, position: -1 });
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
  const counted = page.getByRole('region', { name: first.name });
  expect(await counted.getByRole('heading', { name: first.name }).isVisible()).toBe(true);
  expect(await counters(counted)).toEqual({ Raccolte: '0', Doppie: '0', Mancanti: '12' });
  await context.close();
});

test('the counters count one album, named above them: the one I chose for matches', async () => {
  const calciatori = await createAlbum(server.databaseUrl, { name: 'Calciatori di prova', stickers: 10 });
  const figurine = await createAlbum(server.databaseUrl, {
    name: 'Figurine speciali',
    stickers: ['1', '2', '3', 'SPE 1', 'SPE 2'].map((number) => ({
      number,
      name: `Figurina ${number}`,
      team: '',
    })),
  });
  const user = await registeredUser(server.url);
  // The first marks choose the album for matches.
  await markInBulk(user.api, calciatori.id, '1-4', 'yes');
  await markInBulk(user.api, calciatori.id, '5, 6', 'double');
  await markInBulk(user.api, figurine.id, 'SPE 2', 'double');

  const { context, page } = await onHome(user);
  const counted = page.getByRole('region', { name: calciatori.name });
  await counted.getByRole('heading', { name: calciatori.name }).waitFor();
  await counter(counted, 'Raccolte').getByText('6', { exact: true }).waitFor();
  // 4 + 2 of 10 owned (the doubles are stickers I have too), 2 doubles, 4 missing.
  expect(await counters(counted)).toEqual({ Raccolte: '6', Doppie: '2', Mancanti: '4' });

  // Another album chosen (elsewhere: here the API) is the one counted on the next visit.
  const me = { nickname: user.nickname, cap: user.cap, albumSelezionato: figurine.id };
  expect((await user.api.put('/api/user/profile', me)).status).toBe(200);
  await page.reload();
  const other = page.getByRole('region', { name: figurine.name });
  await counter(other, 'Mancanti').getByText('4', { exact: true }).waitFor();
  expect(await counters(other)).toEqual({ Raccolte: '1', Doppie: '1', Mancanti: '4' });

  await markInBulk(user.api, figurine.id, '1-3, SPE 1', 'yes');
  await page.reload();
  await counter(other, 'Mancanti').getByText('0', { exact: true }).waitFor();
  expect(await counters(other)).toEqual({ Raccolte: '5', Doppie: '1', Mancanti: '0' });
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
