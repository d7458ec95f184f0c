import { expect, test } from 'vitest';
import { reputationText } from './reputation-text.ts';

test('the average with one decimal and an Italian comma, how many collectors rated, the completed swaps', () => {
  expect(reputationText({ average: 4.5, ratings: 12, completedSwaps: 8 })).toBe(
    '★ 4,5 · 12 collezionisti · 8 scambi',
  );
  expect(reputationText({ average: 4, ratings: 1, completedSwaps: 1 })).toBe(
    '★ 4,0 · 1 collezionista · 1 scambio',
  );
  expect(reputationText({ average: 5, ratings: 1, completedSwaps: 5 })).toBe(
    '★ 5,0 · 1 collezionista · 5 scambi',
  );
});

test('nobody has rated the collector yet', () => {
  expect(reputationText({ average: null, ratings: 0, completedSwaps: 0 })).toBe('Nessun voto · 0 scambi');
});
