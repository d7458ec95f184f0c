import { expect, test } from 'vitest';
import { distanceKm, findCapPoint } from './cap-directory.ts';
import { comuneOf, comuniNearCap, comuniOfCap, findComune } from './comuni-directory.ts';

test("a CAP of one comune resolves to that comune's seat", () => {
  const milano = findCapPoint('20121');
  expect(milano?.lat).toBeCloseTo(45.46, 1);
  expect(milano?.lon).toBeCloseTo(9.19, 1);
  const roma = findCapPoint('00184');
  expect(roma?.lat).toBeCloseTo(41.89, 1);
  expect(roma?.lon).toBeCloseTo(12.49, 1);
  // 26827 Terranova dei Passerini (LO), a comune of ~900 people.
  expect(comuniOfCap('26827').map((c) => c.nome)).toEqual(['Terranova dei Passerini']);
  expect(findCapPoint('26827')?.lat).toBeCloseTo(45.21, 1);
});

test('a shared CAP has no point of its own: its comuni are listed, by name', () => {
  expect(findCapPoint('20090')).toBeUndefined();
  const names = comuniOfCap('20090').map((c) => c.nome);
  expect(names.length).toBeGreaterThan(5);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
  expect(comuneOf('20090', null)).toBeUndefined();
  expect(comuneOf('20090', '015205')?.nome).toBe('Segrate');
  expect(comuneOf('20121', null)?.nome).toBe('Milano');
});

test("an unknown CAP offers its postal area's comuni (every comune when the area has none)", () => {
  expect(comuniOfCap('20054')).toEqual([]);
  const area = comuniNearCap('20054');
  expect(area.map((c) => c.nome)).toContain('Segrate');
  expect(area.every((c) => ['MI', 'MB', 'LO', 'PV', 'CR', 'BG', 'CO', 'VA', 'NO'].includes(c.sigla))).toBe(
    true,
  );
  expect(comuniNearCap('99999').length).toBeGreaterThan(7000);
});

test('malformed CAPs and codes resolve to nothing', () => {
  for (const cap of ['00000', '99999', '1234', 'abcde', '201210', ' 20121', '', 'constructor']) {
    expect(findCapPoint(cap)).toBeUndefined();
    expect(comuniOfCap(cap)).toEqual([]);
  }
  for (const code of ['', '15205', 'constructor', '0152055', '999999'])
    expect(findComune(code)).toBeUndefined();
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
