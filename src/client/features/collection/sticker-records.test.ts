import { expect, test } from 'vitest';
import { type StickerRecord, statusById, withMarks } from './sticker-records.ts';

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

test("an answer replaces the sticker's record, spares included, and 'no' removes it", () => {
  expect(withMarks(records, [{ stickerId: 1, status: 'double', userId: 9, spares: 3 }])).toEqual([
    { stickerId: 1, status: 'double', userId: 9, spares: 3 },
    { stickerId: 2, status: 'double', userId: 9 },
  ]);
  expect(withMarks(records, [{ stickerId: 2, status: 'no', userId: 9 }])).toEqual([
    { stickerId: 1, status: 'yes', userId: 9 },
  ]);
  expect(withMarks(records, [{ stickerId: 1, status: 'yes', userId: 9 }])).toEqual(records);
});

test("answers about several stickers add up, in the server's order of stickers, and the records stay as they were", () => {
  const after = withMarks(records, [
    { stickerId: 5, status: 'yes', userId: 9 },
    { stickerId: 0, status: 'double', userId: 9, spares: 1 },
    { stickerId: 1, status: 'no', userId: 9 },
  ]);
  expect(after.map((record) => [record.stickerId, record.status])).toEqual([
    [0, 'double'],
    [2, 'double'],
    [5, 'yes'],
  ]);
  expect(withMarks(after, [])).toEqual(after);
  expect(records).toHaveLength(2);
});
