import { expect, test } from 'vitest';
import { type StickerRecord, statusById, withStatus } from './sticker-records.ts';

const records: StickerRecord[] = [
  { stickerId: 1, status: 'yes', userId: 9 },
  { stickerId: 2, status: 'double', userId: 9 },
];

test('stickers without a record are missing', () => {
  expect(statusById(records)).toEqual(
    new Map([
      [1, 'yes'],
      [2, 'double'],
    ]),
  );
  expect(statusById(undefined).size).toBe(0);
});

test('a new status replaces the record, and no removes it', () => {
  expect(statusById(withStatus(records, 1, 'double', 9)).get(1)).toBe('double');
  expect(withStatus(records, 3, 'yes', 9)).toContainEqual({ stickerId: 3, status: 'yes', userId: 9 });
  expect(withStatus(records, 2, 'no', 9)).toEqual([{ stickerId: 1, status: 'yes', userId: 9 }]);
  expect(withStatus(records, 1, 'yes', 9)).toHaveLength(2);
});

test('changes to different stickers add up instead of replacing each other', () => {
  const after = withStatus(withStatus(withStatus([], 5, 'yes', 9), 6, 'double', 9), 5, 'double', 9);
  expect(statusById(after)).toEqual(
    new Map([
      [6, 'double'],
      [5, 'double'],
    ]),
  );
  expect(records).toHaveLength(2);
});
