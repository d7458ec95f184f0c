import { expect, test } from 'vitest';
import { foldForSearch, searchEntry, stickerQuery } from './sticker-search.ts';

const STICKERS = [
  { number: '3', name: 'Niccolò Verdi', team: 'Aquile del Brenta' },
  { number: '13', name: 'Giocatore 13', team: null },
  { number: '30', name: 'Cervo volante: curiosità', team: null },
  { number: 'ITA 3', name: 'Italia', team: null },
  { number: 'ITA 31', name: 'Italia: la maglia', team: null },
  { number: 'SPE 1', name: 'Lo stadio', team: 'Speciali' },
];
const entries = STICKERS.map((sticker) => ({ sticker, entry: searchEntry(sticker) }));

/** The numbers a query finds, in album order. */
function found(query: string): string[] | undefined {
  const matches = stickerQuery(query);
  return matches && entries.filter(({ entry }) => matches(entry)).map(({ sticker }) => sticker.number);
}

test('case, accents and extra spaces do not matter', () => {
  expect(foldForSearch('  NICCOLÒ   Verdi ')).toBe('niccolo verdi');
  expect(foldForSearch('Curiosità')).toBe('curiosita');
});

test('a blank query is no search', () => {
  expect(found('')).toBeUndefined();
  expect(found('   ')).toBeUndefined();
});

test('numbers are found from their start, by the whole number or its digits, leading zeros aside', () => {
  expect(found('3')).toEqual(['3', '30', 'ITA 3', 'ITA 31']);
  expect(found('003')).toEqual(['3', '30', 'ITA 3', 'ITA 31']);
  expect(found('13')).toEqual(['13']);
  expect(found('ITA 3')).toEqual(['ITA 3', 'ITA 31']);
  expect(found('ita3')).toEqual(['ITA 3', 'ITA 31']);
  expect(found('ita 03')).toEqual(['ITA 3', 'ITA 31']);
  expect(found('spe 1')).toEqual(['SPE 1']);
});

test('names and teams are found anywhere in them once the query has a letter; digits alone look for numbers', () => {
  expect(found('nicco')).toEqual(['3']);
  expect(found('CURIOSITA')).toEqual(['30']);
  expect(found('brenta')).toEqual(['3']);
  expect(found('maglia')).toEqual(['ITA 31']);
  expect(found('giocatore 13')).toEqual(['13']);
  expect(found('1')).toEqual(['13', 'SPE 1']);
});
