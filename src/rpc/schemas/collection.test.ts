import { expect, test } from 'vitest';
import { parseStickerNumbers, STICKER_NUMBERS_MAX } from './collection.ts';

test('numbers, ranges and prefixed ranges, separated by commas, semicolons or new lines', () => {
  expect(parseStickerNumbers('1-3, 35; ITA 3\nITA 5-7,  FWC   2 ')).toEqual({
    numbers: ['1', '2', '3', '35', 'ITA 3', 'ITA 5', 'ITA 6', 'ITA 7', 'FWC 2'],
    invalid: [],
  });
});

test('spaces around the range dash are allowed and repeats count once', () => {
  expect(parseStickerNumbers('4 - 6, 5, 4').numbers).toEqual(['4', '5', '6']);
});

test('reversed ranges, over-long numbers and blank parts', () => {
  expect(parseStickerNumbers('9-7, , ,ABCDEFGHIJKLMNOPQRSTU, 1-2-3')).toEqual({
    numbers: ['1-2-3'],
    invalid: ['9-7', 'ABCDEFGHIJKLMNOPQRSTU'],
  });
});

test('no more than the maximum of numbers, whatever is typed', () => {
  expect(parseStickerNumbers('1-100000').invalid).toEqual(['1-100000']);
  const many = parseStickerNumbers(`1-${STICKER_NUMBERS_MAX}, X1, 2000-2001`);
  expect(many.numbers).toHaveLength(STICKER_NUMBERS_MAX);
  expect(many.invalid).toEqual(['X1', '2000-2001']);
});

test('a range whose numbers would be longer than 20 characters is one invalid part, never expanded', () => {
  const prefix = 'A'.repeat(4000);
  expect(parseStickerNumbers(`${prefix} 1-999`)).toEqual({ numbers: [], invalid: [`${prefix} 1-999`] });
  expect(parseStickerNumbers('ABCDEFGHIJKLMNOPQRST 1-3').invalid).toEqual(['ABCDEFGHIJKLMNOPQRST 1-3']);
  expect(parseStickerNumbers('ABCDEFGHIJKLMNO 8-10').numbers).toEqual([
    'ABCDEFGHIJKLMNO 8',
    'ABCDEFGHIJKLMNO 9',
    'ABCDEFGHIJKLMNO 10',
  ]);
  expect(parseStickerNumbers(`${'1'.repeat(300)}-${'1'.repeat(300)}`).numbers).toEqual([]);
});
