import { expect, test } from 'vitest';
import { placeText } from './place.ts';

test("another collector's place reads 'comune · N km', in whole km", () => {
  expect(placeText({ comune: 'Segrate', distanceKm: 9 })).toBe('Segrate · 9 km');
  expect(placeText({ comune: 'Bergamo', distanceKm: 45 })).toBe('Bergamo · 45 km');
  // A distance finer than the server sends is rounded the same way, never shown with decimals.
  expect(placeText({ comune: 'Segrate', distanceKm: 9.006 })).toBe('Segrate · 9 km');
  expect(placeText({ comune: 'Monza', distanceKm: 14.5 })).toBe('Monza · 15 km');
  // Across Italy a match may be that far: four digits take no separator in Italian (as it-IT formats them).
  expect(placeText({ comune: 'Palermo', distanceKm: 1021 })).toBe('Palermo · 1021 km');
});

test("one comune's collectors are 'nel tuo comune'; under a kilometre between two comuni is '1 km', never '< 1 km' or '0 km'", () => {
  expect(placeText({ comune: 'Milano', distanceKm: 0 })).toBe('Milano · nel tuo comune');
  expect(placeText({ comune: 'Cremella', distanceKm: 1 })).toBe('Cremella · 1 km');
  expect(placeText({ comune: 'Cremella', distanceKm: 0.56 })).toBe('Cremella · 1 km');
  expect(placeText({ comune: 'Atrani', distanceKm: 0.2 })).toBe('Atrani · 1 km');
  for (const km of [0, 0.2, 0.56, 1, 9, 45]) {
    expect(placeText({ comune: 'X', distanceKm: km })).not.toMatch(/< 1 km|(^|\D)0 km/);
  }
});

test('with no comune known, only the distance', () => {
  expect(placeText({ comune: null, distanceKm: 12 })).toBe('12 km');
  expect(placeText({ comune: null, distanceKm: 0.4 })).toBe('1 km');
  // The same point with no comune: an old profile that shares my CAP's point.
  expect(placeText({ comune: null, distanceKm: 0 })).toBe('nella tua zona');
});
