import { expect, test } from 'vitest';
import { seededRandom as random } from '../seeded-random.ts';
import { RowOfUser } from './row-of-user.ts';

// RowOfUser against a Map: random sets, overwrites and deletes over a few hundred ids (long probe runs,
// deletes in their middle, growth), every id read back after every step. Seeded: a failure repeats.
test.each([1, 2, 3, 4, 5])('behaves as a Map of user ids to rows (seed %i)', (seed) => {
  const next = random(seed);
  const rows = new RowOfUser(4);
  const model = new Map<number, number>();
  // Sequential ids as PostgreSQL gives them, and scattered ones.
  const ids = Array.from({ length: 300 }, (_, i) => (i < 200 ? i + 1 : Math.floor(next() * 2 ** 31)));
  for (let step = 0; step < 4_000; step++) {
    const id = ids[Math.floor(next() * ids.length)] as number;
    if (next() < 0.4) {
      rows.delete(id);
      model.delete(id);
    } else {
      const row = Math.floor(next() * 1_000_000);
      rows.set(id, row);
      model.set(id, row);
    }
    const wrong = ids.filter((known) => rows.get(known) !== model.get(known));
    expect({ step, size: rows.size, wrong }).toEqual({ step, size: model.size, wrong: [] });
  }
});

test('a million collectors take 16 MB', () => {
  const rows = new RowOfUser(1_000_000);
  for (let id = 1; id <= 1_000_000; id++) rows.set(id, id - 1);
  expect(rows.get(765_432)).toBe(765_431);
  expect(rows.get(1_000_001)).toBeUndefined();
  expect(rows.memoryBytes).toBeLessThanOrEqual(16 * 2 ** 20);
});
