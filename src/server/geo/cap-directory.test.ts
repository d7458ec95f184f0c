import { expect, test } from 'vitest';
import { distanceKm, findCapPoint, isKnownCap } from './cap-directory.ts';

test('known CAPs resolve to their comune', () => {
  const milano = findCapPoint('20121');
  expect(milano?.lat).toBeCloseTo(45.46, 1);
  expect(milano?.lon).toBeCloseTo(9.19, 1);

  const roma = findCapPoint('00184');
  expect(roma?.lat).toBeCloseTo(41.89, 1);
  expect(roma?.lon).toBeCloseTo(12.49, 1);

  // 26827 Terranova dei Passerini (LO), a comune of ~900 people.
  const smallTown = findCapPoint('26827');
  expect(smallTown?.lat).toBeCloseTo(45.21, 1);
  expect(smallTown?.lon).toBeCloseTo(9.66, 1);
  expect(isKnownCap('26827')).toBe(true);
});

test('unknown or malformed CAPs are refused', () => {
  for (const cap of ['00000', '99999', '1234', 'abcde', '201210', ' 20121', '', 'constructor']) {
    expect(findCapPoint(cap)).toBeUndefined();
    expect(isKnownCap(cap)).toBe(false);
  }
});

test('distanceKm is the great-circle distance', () => {
  const milano = findCapPoint('20121');
  const roma = findCapPoint('00184');
  if (!milano || !roma) throw new Error('fixture CAPs missing');
  const d = distanceKm(milano, roma);
  expect(d).toBeGreaterThan(477 - 15);
  expect(d).toBeLessThan(477 + 15);
  expect(distanceKm(roma, milano)).toBeCloseTo(d, 9);
  expect(distanceKm(milano, milano)).toBe(0);
});
