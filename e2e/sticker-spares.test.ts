import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { loginThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

type Mark = { stickerId: number; status: string; spares?: number };

test("a double's details set its spare copies (×3 is two to give away), saved on the server", async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Copie 2026', stickers: 3 });
  const anna = await registeredUser(server.url);
  const marked = await anna.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '1',
    status: 'double',
  });
  expect(marked.status).toBe(200);
  const sticker = album.stickers[0];
  if (!sticker) throw new Error('no sticker');
  const sparesOnServer = async () =>
    (await anna.api.get<Mark[]>(`/api/user/stickers/${album.id}`)).body.find(
      (mark) => mark.stickerId === sticker.id,
    )?.spares;

  const { context, page } = await newPhone();
  await loginThroughUi(page, anna);
  await page.goto(`/album/${album.id}`);
  await page.getByText('Giocatore 1', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Figurina #001' });
  const count = dialog.getByRole('status');
  await expect.poll(() => count.textContent()).toBe('1');
  expect(await dialog.getByRole('button', { name: 'Una copia in meno' }).isDisabled()).toBe(true);

  await dialog.getByRole('button', { name: 'Una copia in più' }).click();
  await expect.poll(sparesOnServer).toBe(2);
  await dialog.getByRole('button', { name: 'Una copia in più' }).click();
  await expect.poll(sparesOnServer).toBe(3);
  await dialog.getByText('×4 in tutto').waitFor();

  await dialog.getByRole('button', { name: 'Una copia in meno' }).click();
  await expect.poll(sparesOnServer).toBe(2);
  await expect.poll(() => count.textContent()).toBe('2');

  // Closed: the row's double button says how many spares there are to give away.
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.getByRole('button', { name: 'Doppia' }).first().textContent()).toBe('+2');

  // A sticker I only have shows no spares to set.
  await page.getByText('Giocatore 2', { exact: true }).click();
  await page.getByRole('dialog', { name: 'Figurina #002' }).waitFor();
  expect(await page.getByText('Copie da scambiare').count()).toBe(0);
  await context.close();
});

test("a long press on a row's double button makes it a double and opens the stepper of its spare copies", async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Pressione 2026', stickers: 3 });
  const anna = await registeredUser(server.url);
  expect(
    (await anna.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '2', status: 'yes' }))
      .status,
  ).toBe(200);
  const { context, page } = await newPhone();
  await loginThroughUi(page, anna);
  await page.goto(`/album/${album.id}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Giocatore 2' });
  const double = row.getByRole('button', { name: 'Doppia' });
  await expect.poll(() => double.textContent()).toBe('×2');

  const box = await double.boundingBox();
  if (!box) throw new Error('no double button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();

  const dialog = page.getByRole('dialog', { name: 'Figurina #002' });
  await dialog.getByText('Copie da scambiare').waitFor();
  await dialog.getByRole('button', { name: 'Una copia in più' }).click();
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('2');
  await page.keyboard.press('Escape');
  await expect.poll(() => double.textContent()).toBe('+2');
  expect(await double.getAttribute('aria-pressed')).toBe('true');
  await context.close();
});
