import { expect, test } from 'vitest';
import { parseStickerNumbers, STICKER_NUMBERS_MAX, stickerNumberKey } from './collection.ts';

test('numbers, ranges and prefixed ranges, separated by commas, semicolons or new lines', () => {
  expect(parseStickerNumbers('1-3, 35; ITA 3\nITA 5-7,  FWC   2 ')).toEqual({
    numbers: ['1', '2', '3', '35', 'ITA 3', 'ITA 5', 'ITA 6', 'ITA 7', 'FWC 2'],
    invalid: [],
  });
});

test('spaces and new lines separate numbers too: `11-30 45 47;49⏎51` is 24 stickers', () => {
  const parsed = parseStickerNumbers('11-30 45 47;49\n51');
  expect(parsed.numbers).toHaveLength(24);
  expect(parsed.numbers.slice(18)).toEqual(['29', '30', '45', '47', '49', '51']);
  expect(parseStickerNumbers('  1\t2\r\n\r\n3  ').numbers).toEqual(['1', '2', '3']);
});

test('letters alone bind to the number after them; with none after, they are an entry of their own', () => {
  expect(parseStickerNumbers('ITA 3 ITA 5-7 ita 9').numbers).toEqual([
    'ITA 3',
    'ITA 5',
    'ITA 6',
    'ITA 7',
    'ita 9',
  ]);
  expect(parseStickerNumbers('11-30, 45, 999, abc, ITA 3')).toEqual({
    numbers: [...Array.from({ length: 20 }, (_, i) => String(11 + i)), '45', '999', 'abc', 'ITA 3'],
    invalid: [],
  });
  expect(parseStickerNumbers('COCA COLA 2 4 FWC').numbers).toEqual(['COCA COLA 2', '4', 'FWC']);
  expect(parseStickerNumbers('J1 00 3A').numbers).toEqual(['J1', '00', '3A']);
});

test('spaces around the range dash are allowed, an en dash is a dash, and repeats count once', () => {
  expect(parseStickerNumbers('4 - 6, 5, 4').numbers).toEqual(['4', '5', '6']);
  expect(parseStickerNumbers('4 -6 8- 9 ITA 1 – 2').numbers).toEqual([
    '4',
    '5',
    '6',
    '8',
    '9',
    'ITA 1',
    'ITA 2',
  ]);
  expect(parseStickerNumbers('9 – 7').invalid).toEqual(['9-7']);
});

test('the key a typed number and an album number are matched by', () => {
  expect(stickerNumberKey(' ita  03 ')).toBe(stickerNumberKey('ITA 3'));
  expect(stickerNumberKey('ITA3')).toBe(stickerNumberKey('ITA 3'));
  expect(stickerNumberKey('007')).toBe(stickerNumberKey('7'));
  expect(stickerNumberKey('ITA 30')).not.toBe(stickerNumberKey('ITA 3'));
  expect(stickerNumberKey('3 A')).not.toBe(stickerNumberKey('3A'));
});

test('reversed ranges, over-long numbers and blank parts', () => {
  expect(parseStickerNumbers('9-7, , ,ABCDEFGHIJKLMNOPQRSTU, 1-2-3')).toEqual({
    numbers: ['1-2-3'],
    invalid: ['9-7', 'ABCDEFGHIJKLMNOPQRSTU'],
  });
});

test('a text of only spaces, dashes or letters makes no numbers, or one unreadable entry', () => {
  expect(parseStickerNumbers(' '.repeat(5000))).toEqual({ numbers: [], invalid: [] });
  expect(parseStickerNumbers(' -'.repeat(2500)).numbers).toHaveLength(0);
  expect(parseStickerNumbers('A '.repeat(2500)).invalid).toHaveLength(1);
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

test('a spare count after a number, joined or apart (`12x3`, `12 x3`, `ITA 5-6 ×2`), is kept for each of its numbers', () => {
  expect(parseStickerNumbers('12x3, 14 x3 15; ITA 5-6 ×2 ITA 9')).toEqual({
    numbers: ['12', '14', '15', 'ITA 5', 'ITA 6', 'ITA 9'],
    invalid: [],
    spares: new Map([
      ['12', 3],
      ['14', 3],
      ['ITA 5', 2],
      ['ITA 6', 2],
    ]),
  });
  // A count out of 1-99 is no count; one at the start of a part belongs to no number and is read as a code.
  expect(parseStickerNumbers('7x0 8x100, x3')).toEqual({ numbers: ['x3'], invalid: ['7x0', '8x100'] });
  expect(parseStickerNumbers('1-3').spares).toBeUndefined();
});
