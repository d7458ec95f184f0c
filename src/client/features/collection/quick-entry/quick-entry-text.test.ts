import { expect, test } from 'vitest';
import { markedMessage, notFoundMessage, stickerCount } from './quick-entry-text.ts';

test('the live count agrees in number', () => {
  expect(stickerCount(0)).toBe('0 figurine');
  expect(stickerCount(1)).toBe('1 figurina');
  expect(stickerCount(26)).toBe('26 figurine');
});

test('the success message says how many stickers got which status', () => {
  expect(markedMessage(6, 'yes')).toBe('6 figurine segnate come possedute');
  expect(markedMessage(1, 'double')).toBe('1 figurina segnata come doppia');
  expect(markedMessage(3, 'no')).toBe('3 figurine segnate come mancanti');
});

test('unknown numbers are listed back as typed', () => {
  expect(notFoundMessage(['999'])).toBe('Numero non trovato: 999');
  expect(notFoundMessage(['999', 'XYZ 4', '20-1'])).toBe('Numeri non trovati: 999, XYZ 4, 20-1');
  expect(notFoundMessage(['X1', 'X2'], 900)).toBe('Numeri non trovati: X1, X2 e altri 898');
});
