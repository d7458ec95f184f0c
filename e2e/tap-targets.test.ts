import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { screenStill } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * Issue 48, row 9: on the phone (390×844) the small controls of the most used screens answer a thumb over
 * 44×44 px (Apple's guideline, WCAG 2.5.5). What counts is where a tap lands, not what is drawn: a switch
 * may stay 20 px tall when the 12 px above and below it flip it too.
 */
const { server, phoneOf } = setUpE2eApp();

const TAP = 44;

/**
 * The control's name, and how wide and tall the area around its centre is where a tap reaches it: along
 * the lines through that centre, the element under the finger is the control, inside it or a label of
 * it. A label stands for the control it names (a segmented control's option).
 */
function tapArea(target: Locator) {
  return target.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
    const control = element instanceof HTMLLabelElement && element.control ? element.control : element;
    const name =
      element.getAttribute('aria-label') ??
      (control instanceof HTMLInputElement ? control.labels?.[0]?.textContent : null) ??
      element.textContent;
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const reaches = (px: number, py: number) => {
      const hit = document.elementFromPoint(px, py);
      return hit !== null && (control.contains(hit) || hit.closest('label')?.control === control);
    };
    const reach = (dx: number, dy: number) => {
      let steps = 0;
      while (steps < 400 && reaches(x + dx * (steps + 1), y + dy * (steps + 1))) steps++;
      return steps;
    };
    return { name, width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1 };
  });
}

/** Every one of `targets` (`count` of them, when given) is a 44×44 px target; all are measured. */
async function expectTappable(what: string, targets: Locator, count?: number) {
  await targets.first().waitFor();
  if (count !== undefined) expect(await targets.count(), `how many: ${what}`).toBe(count);
  for (const target of await targets.all()) {
    const { name, width, height } = await tapArea(target);
    expect.soft(width, `${what} '${name}': width`).toBeGreaterThanOrEqual(TAP);
    expect.soft(height, `${what} '${name}': height`).toBeGreaterThanOrEqual(TAP);
  }
}

test("the album's filters, the Match's 'Ordina per', the swap chooser's rows, a dialog's close and the reasons of 'Segnala' are 44×44 px targets", async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Pollici 2026', stickers: 5 });
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  // Anna gives 1 or 2 for Bruno's 3: the chooser has three rows.
  for (const [user, numbers] of [
    [anna, '1,2'],
    [bruno, '3'],
  ] as const) {
    const marked = await user.api.post('/api/user/stickers/bulk', {
      albumId: album.id,
      numbers,
      status: 'double',
    });
    expect(marked.status).toBe(200);
  }
  const { context, page } = await phoneOf(anna);

  await page.goto(`/album/${album.id}`);
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  const filters = page.getByRole('radiogroup', { name: 'Filtra le figurine' }).locator('label');
  await expectTappable('filter', filters, 4);

  await page.goto('/match');
  const card = page.getByRole('article', { name: bruno.nickname });
  await card.waitFor();
  await expectTappable('order', page.getByRole('radiogroup', { name: 'Ordina per' }).locator('label'), 2);

  await card.getByRole('button', { name: 'Proponi scambio' }).click();
  const chooser = page.getByRole('dialog', { name: `Proponi scambio a ${bruno.nickname}` });
  await chooser.getByText('Ricevo: 1 di 1').waitFor();
  await screenStill(page);
  await expectTappable('chooser row', chooser.getByRole('checkbox'), 3);
  await expectTappable('dialog', chooser.getByRole('button', { name: 'Chiudi' }), 1);

  // 'Segnala' in a chat: each reason a row a thumb hits.
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  await page.goto(`/chat/${match.body.id}`);
  await page.getByRole('button', { name: 'Altre azioni' }).click();
  await page.getByRole('menuitem', { name: 'Segnala' }).click();
  const report = page.getByRole('dialog', { name: `Segnala ${bruno.nickname}` });
  await screenStill(page);
  await expectTappable('reason', report.getByRole('radio'));
  await context.close();
});

test("Profilo: every switch of 'Notifiche' and the options of 'Il tuo comune' are 44×44 px targets", async () => {
  const { context, page } = await phoneOf(await registeredUser(server.url));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
  const alerts = page.getByRole('list', { name: 'Avvisi' });
  await alerts.waitFor();
  await screenStill(page);
  await expectTappable('switch', alerts.getByRole('switch'));

  // 20090 is the CAP of twelve comuni: the form asks which.
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByLabel('CAP').fill('20090');
  await page.getByRole('combobox', { name: 'Il tuo comune' }).click();
  await page.getByRole('option', { name: 'Assago (MI)' }).waitFor();
  await expectTappable('comune', page.getByRole('listbox').getByRole('option'), 12);
  await context.close();
});
