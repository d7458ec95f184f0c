import { expect, test } from 'vitest';
import {
  type Candidate,
  candidatesFoundLabel,
  countsLine,
  cutListLabel,
  detailsToggleLabel,
  exchangePreview,
  giftsPreview,
  moreExchangesLabel,
} from './candidate-summary.ts';

const candidate = (overrides: Partial<Candidate>): Candidate => ({
  id: 1,
  nickname: 'ANNA',
  comune: 'Milano',
  distanceKm: 0,
  compatibility: 50,
  swapCount: 0,
  theyCanGive: 0,
  iCanGive: 0,
  possibleExchanges: [],
  theyCanGiveNumbers: [],
  matchId: null,
  reputation: { average: null, ratings: 0, completedSwaps: 0, inPersonSwaps: 0 },
  ...overrides,
});

test('at most three exchanges are listed as "give ↔ receive", the rest counted from swapCount', () => {
  const exchanges = [
    { myDouble: '1', theirNeed: '10' },
    { myDouble: '2', theirNeed: '11' },
    { myDouble: '3', theirNeed: '12' },
    { myDouble: '4', theirNeed: '13' },
  ];
  // The server lists at most 10 pairs; swapCount is the full count.
  expect(exchangePreview(candidate({ swapCount: 25, possibleExchanges: exchanges }))).toEqual({
    lines: ['001 ↔ 010', '002 ↔ 011', '003 ↔ 012'],
    more: 22,
  });
  expect(exchangePreview(candidate({ swapCount: 2, possibleExchanges: exchanges.slice(0, 2) }))).toEqual({
    lines: ['001 ↔ 010', '002 ↔ 011'],
    more: 0,
  });
  expect(exchangePreview(candidate({ swapCount: 0 }))).toEqual({ lines: [], more: 0 });
});

test("'+N altri scambi' agrees in number", () => {
  expect(moreExchangesLabel(1)).toBe('+1 altro scambio');
  expect(moreExchangesLabel(4)).toBe('+4 altri scambi');
});

test("a card opens with '+N altri scambi' when the preview leaves swaps out, else to see every sticker", () => {
  const exchanges = Array.from({ length: 4 }, (_, i) => ({ myDouble: String(i), theirNeed: String(i + 10) }));
  expect(detailsToggleLabel(candidate({ swapCount: 9, possibleExchanges: exchanges }), false)).toBe(
    '+6 altri scambi',
  );
  expect(
    detailsToggleLabel(candidate({ swapCount: 2, possibleExchanges: exchanges.slice(0, 2) }), false),
  ).toBe('Mostra tutte le figurine');
  expect(detailsToggleLabel(candidate({ swapCount: 0, theyCanGive: 30 }), false)).toBe(
    'Mostra tutte le figurine',
  );
  expect(detailsToggleLabel(candidate({ swapCount: 9, possibleExchanges: exchanges }), true)).toBe(
    'Mostra meno',
  );
});

test('a list the server cut says how many more there are', () => {
  expect(cutListLabel(12, 12)).toBeNull();
  expect(cutListLabel(1001, 1000)).toBe('… e un’altra');
  expect(cutListLabel(1200, 1000)).toBe('… e altre 200');
});

test('what a collector can give is listed up to six numbers, with an ellipsis when there is more', () => {
  expect(giftsPreview(candidate({ theyCanGive: 2, theyCanGiveNumbers: ['12', '15'] }))).toBe(
    'Può darti: 012, 015',
  );
  const many = ['1', '2', '3', '4', '5', '6', '7', '8'];
  expect(giftsPreview(candidate({ theyCanGive: 30, theyCanGiveNumbers: many }))).toBe(
    'Può darti: 001, 002, 003, 004, 005, 006…',
  );
});

test('the result count agrees in number', () => {
  expect(candidatesFoundLabel(1)).toBe('1 collezionista trovato');
  expect(candidatesFoundLabel(3)).toBe('3 collezionisti trovati');
});

test("a card's face reads both counts, the one measure it shows", () => {
  expect(countsLine(candidate({ theyCanGive: 28, iCanGive: 6, swapCount: 6, compatibility: 40 }))).toBe(
    'Ti dà 28 · Gli dai 6',
  );
});
