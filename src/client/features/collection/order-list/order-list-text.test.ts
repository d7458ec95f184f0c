import { expect, test } from 'vitest';
import { euros, orderListText } from './order-list-text.ts';

test('an album with no sections lists the numbers on one line, as the album prints them', () => {
  expect(orderListText('Calciatori', 4, [{ section: null, numbers: ['12', '45', '101', 'P3'] }])).toBe(
    'Calciatori — 4 figurine da ordinare\n12, 45, 101, P3',
  );
});

test("with sections, a line each; stickers with none are 'Altre'", () => {
  expect(
    orderListText('Calciatori', 1 + 2, [
      { section: 'Squadre', numbers: ['1'] },
      { section: null, numbers: ['7', '9'] },
    ]),
  ).toBe('Calciatori — 3 figurine da ordinare\nSquadre: 1\nAltre: 7, 9');
  expect(orderListText('A', 1, [{ section: 'Extra', numbers: ['X1'] }])).toBe(
    'A — 1 figurina da ordinare\nExtra: X1',
  );
});

test('the estimate reads in euros the Italian way', () => {
  expect(euros(1250)).toMatch(/^12,50\s€$/);
  expect(euros(15)).toMatch(/^0,15\s€$/);
});
