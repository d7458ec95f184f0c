import { expect, test } from 'vitest';
import {
  entryExample,
  markedMessage,
  notFoundMessage,
  PREVIEW_LISTED_MAX,
  toMarkMessage,
  unreadableMessage,
} from './quick-entry-text.ts';

test('the live count agrees in number', () => {
  expect(toMarkMessage(0)).toBe('0 figurine da segnare');
  expect(toMarkMessage(1)).toBe('1 figurina da segnare');
  expect(toMarkMessage(26)).toBe('26 figurine da segnare');
});

test('the success message counts what each sticker became', () => {
  expect(markedMessage(Array(6).fill('yes'))).toBe('6 possedute');
  expect(markedMessage(['double'])).toBe('1 doppia');
  expect(markedMessage(['no', 'no', 'no'])).toBe('3 mancanti');
  expect(markedMessage(['double', ...Array(7).fill('yes'), 'double'])).toBe('7 possedute, 2 doppie');
});

test('unknown numbers and unreadable parts are listed back as typed, the first ones only', () => {
  expect(notFoundMessage(['999'])).toBe('Numero non trovato: 999');
  expect(notFoundMessage(['999', 'XYZ 4', 'abc'])).toBe('Numeri non trovati: 999, XYZ 4, abc');
  expect(unreadableMessage(['8-6'])).toBe('Da correggere: 8-6');
  const many = Array.from({ length: PREVIEW_LISTED_MAX + 5 }, (_, i) => `X${i}`);
  expect(notFoundMessage(many)).toMatch(/^Numeri non trovati: X0, X1, .*, X19 e altri 5$/);
});

test("the example is written in the album's own codes, with a spare count", () => {
  expect(entryExample(['00', '1', '2', '3', '4', 'ITA 1', 'ITA 2'])).toBe('Es. 00-4, ITA 1x2');
  expect(entryExample(['ARG 1', 'ARG 2', 'ARG 3', 'ARG 4', 'ARG 5', 'BRA 1'])).toBe('Es. ARG 1-5, BRA 1x2');
  expect(entryExample(['1', '2'])).toBe('Es. 1-2');
  expect(entryExample(['1', '2', '3', '4', '5', '6'])).toBe('Es. 1-5, 6x2');
  expect(entryExample([])).toBe('Es. 1-20, 35x2, ITA 3');
});
