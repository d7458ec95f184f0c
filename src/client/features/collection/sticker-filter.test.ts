import { expect, test } from 'vitest';
import {
  filterOfSearch,
  matchesFilter,
  STICKER_FILTERS,
  type StickerFilter,
  searchOfFilter,
  validateAlbumSearch,
} from './sticker-filter.ts';
import type { StickerStatus } from './sticker-status.ts';

const kept = (filter: StickerFilter) =>
  (['no', 'yes', 'double'] as StickerStatus[]).filter((status) => matchesFilter(filter, status));

test('each filter keeps the statuses the spec names', () => {
  expect(kept('all')).toEqual(['no', 'yes', 'double']);
  expect(kept('mine')).toEqual(['yes', 'double']);
  expect(kept('missing')).toEqual(['no']);
  expect(kept('double')).toEqual(['double']);
});

test('the filters come in the spec order with their empty messages', () => {
  expect(STICKER_FILTERS.map((filter) => [filter.label, filter.empty])).toEqual([
    ['Tutte', 'Nessuna figurina trovata'],
    ['Possedute', 'Non hai ancora nessuna figurina'],
    ['Mancanti', 'Complimenti! Hai tutte le figurine!'],
    ['Doppie', 'Non hai doppioni'],
  ]);
});

test('the address names every filter but Tutte, and anything it does not know is Tutte', () => {
  for (const { value } of STICKER_FILTERS) {
    expect(filterOfSearch(validateAlbumSearch(searchOfFilter(value)))).toBe(value);
  }
  expect(searchOfFilter('missing')).toEqual({ filter: 'mancanti' });
  expect(searchOfFilter('all')).toEqual({});
  expect(validateAlbumSearch({ filter: 'Mancanti!' })).toEqual({});
  expect(validateAlbumSearch({ filter: ['mancanti'], other: 1 })).toEqual({});
  expect(filterOfSearch(validateAlbumSearch({}))).toBe('all');
});
