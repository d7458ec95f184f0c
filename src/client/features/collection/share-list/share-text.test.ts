import { expect, test } from 'vitest';
import type { StickerStatus } from '../sticker-status.ts';
import { compareLink, numbersOfLines } from './compare-link.ts';
import { sectionLines, shareListText } from './share-text.ts';

const listed = (...numbers: string[]) => numbers.map((number) => ({ number }));

test('runs of three or more consecutive numbers become ranges, shorter runs stay listed', () => {
  expect(sectionLines(listed('3', '7', '8', '9', '12'))).toEqual(['3, 7-9, 12']);
  expect(sectionLines(listed('40', '41'))).toEqual(['40, 41']);
  expect(sectionLines(listed('1', '2', '4', '5', '6', '8'))).toEqual(['1, 2, 4-6, 8']);
  expect(sectionLines([])).toEqual([]);
});

test('each section of codes gets a line of its own with its ranges', () => {
  const numbers = ['00', '1', '2', 'ITA 6', 'ITA 7', 'ITA 8', 'ITA 9', 'ITA 13', 'ITA 14', 'ITA 15', 'FWC 1'];
  expect(sectionLines(listed(...numbers))).toEqual(['00, 1, 2', 'ITA 6-9, 13-15', 'FWC 1']);
  expect(sectionLines(listed('LOGO', 'SPE 1', 'SPE 2'))).toEqual(['LOGO', 'SPE 1, 2']);
});

test('a double with several spares shows them and stands outside any range', () => {
  const doubles = [
    { number: '4' },
    { number: '5', spares: 3 },
    { number: '6' },
    { number: '7' },
    { number: '8' },
  ];
  expect(sectionLines(doubles)).toEqual(['4, 5 x3, 6-8']);
});

test('the link reads back the numbers of every line, ranges and sections included', () => {
  expect(numbersOfLines(['00, 1-3', 'ITA 6-8, 13', 'SPE 1, 5 x3', 'LOGO'])).toEqual([
    '00',
    '1',
    '2',
    '3',
    'ITA 6',
    'ITA 7',
    'ITA 8',
    'ITA 13',
    'SPE 1',
    'SPE 5',
    'LOGO',
  ]);
  const link = compareLink('https://example.org', 7, {
    from: 'ANNA',
    missing: ['1-3', 'ITA 6'],
    doubles: null,
  });
  const url = new URL(link);
  expect(url.pathname).toBe('/confronta/7');
  expect(url.searchParams.get('da')).toBe('ANNA');
  expect(url.searchParams.get('mancano')).toBe('1-3\nITA 6');
  expect(url.searchParams.has('doppie')).toBe(false);
});

const album = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'SPE 1', 'SPE 2'].map(
  (number, index) => ({ id: 100 + index, number }),
);
const statusesFrom = (marks: Record<string, StickerStatus>) => (stickerId: number) => {
  const number = album.find((sticker) => sticker.id === stickerId)?.number ?? '';
  return marks[number] ?? 'no';
};
const marks = statusesFrom({
  1: 'yes',
  2: 'double',
  4: 'yes',
  5: 'yes',
  6: 'double',
  10: 'yes',
  'SPE 2': 'double',
});
const text = (choice: 'both' | 'missing' | 'doubles', statusOf = marks) =>
  shareListText({
    albumName: 'Campionato Fantasia 2026',
    stickers: album,
    statusOf,
    sparesOf: (id) => (id === 105 ? 2 : undefined),
    choice,
    link: 'L',
  });

test("'MANCANO:' and 'DOPPIE:' stand on their own lines, then the link", () => {
  expect(text('both')).toBe(
    'Campionato Fantasia 2026\nMANCANO:\n3, 7-9, 11, 12\nSPE 1\nDOPPIE:\n2, 6 x2\nSPE 2\nConfronta con la tua collezione: L',
  );
  expect(text('missing')).toBe(
    'Campionato Fantasia 2026\nMANCANO:\n3, 7-9, 11, 12\nSPE 1\nConfronta con la tua collezione: L',
  );
  expect(text('doubles')).toBe(
    'Campionato Fantasia 2026\nDOPPIE:\n2, 6 x2\nSPE 2\nConfronta con la tua collezione: L',
  );
  expect(text('missing', () => 'yes')).toBe(
    'Campionato Fantasia 2026\nMANCANO:\nnessuna\nConfronta con la tua collezione: L',
  );
});

test("'MANCANO:' leaves the extras out; an extra I have twice is still among the doubles", () => {
  const withExtras = [
    { id: 1, number: '1', kind: 'base' as const },
    { id: 2, number: '2', kind: 'speciale' as const },
    { id: 3, number: 'X1', kind: 'extra' as const },
    { id: 4, number: 'X2', kind: 'extra' as const },
  ];
  const statuses: Record<number, 'no' | 'double'> = { 4: 'double' };
  expect(
    shareListText({
      albumName: 'A',
      stickers: withExtras,
      statusOf: (id) => statuses[id] ?? 'no',
      sparesOf: () => undefined,
      choice: 'both',
      link: 'L',
    }),
  ).toBe('A\nMANCANO:\n1, 2\nDOPPIE:\nX2\nConfronta con la tua collezione: L');
});
