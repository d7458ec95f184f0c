import { expect, test } from 'vitest';
import { reputationText } from './reputation-text.ts';

test('the average with one decimal and an Italian comma, how many collectors rated, the completed swaps', () => {
  expect(reputationText({ average: 4.5, ratings: 12, completedSwaps: 8, inPersonSwaps: 0 })).toBe(
    '★ 4,5 · 12 collezionisti · 8 scambi',
  );
  expect(reputationText({ average: 4, ratings: 1, completedSwaps: 1, inPersonSwaps: 0 })).toBe(
    '★ 4,0 · 1 collezionista · 1 scambio',
  );
  expect(reputationText({ average: 5, ratings: 1, completedSwaps: 5, inPersonSwaps: 0 })).toBe(
    '★ 5,0 · 1 collezionista · 5 scambi',
  );
});

test('the swaps made in person among them', () => {
  expect(reputationText({ average: 4.5, ratings: 12, completedSwaps: 8, inPersonSwaps: 2 })).toBe(
    '★ 4,5 · 12 collezionisti · 8 scambi, di cui 2 dal vivo',
  );
  expect(reputationText({ average: null, ratings: 0, completedSwaps: 1, inPersonSwaps: 1 })).toBe(
    'Nessun voto · 1 scambio, di cui 1 dal vivo',
  );
});

test('nobody has rated the collector yet', () => {
  expect(reputationText({ average: null, ratings: 0, completedSwaps: 0, inPersonSwaps: 0 })).toBe(
    'Nessun voto · 0 scambi',
  );
});
