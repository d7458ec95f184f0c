import { expect, test } from 'vitest';
import { imageFileName, swapsLine } from './completed-image.ts';

test("the picture's file is named after the album, accents and signs aside", () => {
  expect(imageFileName('Campionato Fantasia 2026')).toBe('scambio-figurine-campionato-fantasia-2026.png');
  expect(imageFileName('Città & Campioni 2025–26!')).toBe('scambio-figurine-citta-campioni-2025-26.png');
  expect(imageFileName('★★★')).toBe('scambio-figurine-album.png');
});

test('the swaps line says how many swaps completed the album, one in the singular, none in words', () => {
  expect(swapsLine(12)).toBe('12 scambi fatti per completarlo');
  expect(swapsLine(1)).toBe('1 scambio fatto per completarlo');
  expect(swapsLine(0)).toBe('Completato senza scambi');
});
