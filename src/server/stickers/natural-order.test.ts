import { expect, test } from 'vitest';
import { compareStickerNumbers } from './natural-order.ts';

test('numbers sort by value, codes by prefix then value, case aside', () => {
  const numbers = ['10', 'ita 10', '2', 'SPE 1', 'ITA 2', '1', '100', 'FWC 3'];
  expect(numbers.sort(compareStickerNumbers)).toEqual([
    '1',
    '2',
    '10',
    '100',
    'FWC 3',
    'ITA 2',
    'ita 10',
    'SPE 1',
  ]);
});
