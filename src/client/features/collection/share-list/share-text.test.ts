import { expect, test } from 'vitest';
import { parseStickerNumbers } from '../../../../rpc/schemas/collection.ts';
import type { StickerStatus } from '../sticker-status.ts';
import { compressNumbers, shareListText } from './share-text.ts';

test('runs of three or more consecutive numbers become ranges, shorter runs stay listed', () => {
  expect(compressNumbers(['3', '7', '8', '9', '12'])).toBe('3, 7-9, 12');
  expect(compressNumbers(['40', '41'])).toBe('40, 41');
  expect(compressNumbers(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'])).toBe('1-11');
  expect(compressNumbers(['5'])).toBe('5');
  expect(compressNumbers([])).toBe('');
});

test('consecutive means consecutive in value, not neighbours in the list', () => {
  expect(compressNumbers(['1', '2', '4', '5', '6', '8'])).toBe('1, 2, 4-6, 8');
  expect(compressNumbers(['9', '10', '11'])).toBe('9-11');
  expect(compressNumbers(['3', '2', '1'])).toBe('3, 2, 1');
});

test('codes are listed as they are and break a run of numbers', () => {
  expect(compressNumbers(['SPE 1', 'SPE 2', 'SPE 3', '1', '2', '3', 'ITA 12'])).toBe(
    'SPE 1, SPE 2, SPE 3, 1-3, ITA 12',
  );
  expect(compressNumbers(['1', '2', 'SPE 3', '3', '4'])).toBe('1, 2, SPE 3, 3, 4');
});

test('fast entry reads the compressed list back as the same numbers', () => {
  const numbers = ['1', '2', '3', '5', '8', '9', '10', '11', 'SPE 3', 'ITA 12', '20', '21'];
  expect(parseStickerNumbers(compressNumbers(numbers))).toEqual({ numbers, invalid: [] });
});

const album = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'SPE 1', 'SPE 2'].map(
  (number, index) => ({ id: 100 + index, number }),
);
const statusesFrom = (marks: Record<string, StickerStatus>) => (stickerId: number) => {
  const number = album.find((sticker) => sticker.id === stickerId)?.number ?? '';
  return marks[number] ?? 'no';
};

test('the text names the album on its first line, then the missing and the double numbers', () => {
  const statusOf = statusesFrom({
    1: 'yes',
    2: 'double',
    4: 'yes',
    5: 'yes',
    6: 'double',
    10: 'yes',
    'SPE 2': 'double',
  });
  expect(shareListText({ albumName: 'Campionato Fantasia 2026', stickers: album, statusOf })).toBe(
    'Campionato Fantasia 2026\nMi mancano: 3, 7-9, 11, 12, SPE 1 — Doppie: 2, 6, SPE 2',
  );
});

test("a complete album says 'nessuna' for the missing ones, an album without doubles for the doubles", () => {
  const complete = statusesFrom(Object.fromEntries(album.map((sticker) => [sticker.number, 'yes'])));
  expect(shareListText({ albumName: 'Album', stickers: album, statusOf: complete })).toBe(
    'Album\nMi mancano: nessuna — Doppie: nessuna',
  );
  expect(shareListText({ albumName: 'Album', stickers: album, statusOf: () => 'no' })).toBe(
    'Album\nMi mancano: 1-12, SPE 1, SPE 2 — Doppie: nessuna',
  );
});
