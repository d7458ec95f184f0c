import { expect, test } from 'vitest';
import { ownedInAlbum, progressOf } from './album-progress.ts';
import type { StickerRecord } from './sticker-records.ts';
import type { StickerStatus } from './sticker-status.ts';

const records: StickerRecord[] = [
  { stickerId: 1, status: 'yes', userId: 9 },
  { stickerId: 2, status: 'double', userId: 9 },
];
const none = new Map<number, StickerStatus>();

test('progress counts owned of total, in whole percent (0 for an empty album)', () => {
  expect(progressOf(36, 720)).toEqual({ owned: 36, total: 720, percent: 5 });
  expect(progressOf(2, 3)).toEqual({ owned: 2, total: 3, percent: 67 });
  expect(progressOf(0, 0)).toEqual({ owned: 0, total: 0, percent: 0 });
});

test("the server's count, unless the device's records are newer", () => {
  expect(ownedInAlbum({ counted: { value: 7, updatedAt: 20 }, records: undefined, pending: none })).toBe(7);
  const older = { value: records, updatedAt: 10 };
  expect(ownedInAlbum({ counted: { value: 7, updatedAt: 20 }, records: older, pending: none })).toBe(7);
  const newer = { value: records, updatedAt: 30 };
  expect(ownedInAlbum({ counted: { value: 7, updatedAt: 20 }, records: newer, pending: none })).toBe(2);
  expect(ownedInAlbum({ counted: undefined, records: older, pending: none })).toBe(2);
  expect(ownedInAlbum({ counted: undefined, records: undefined, pending: none })).toBeUndefined();
});

test('taps still waiting count over the records, whichever is newer', () => {
  const pending = new Map<number, StickerStatus>([
    [1, 'no'],
    [3, 'double'],
    [4, 'yes'],
  ]);
  const older = { value: records, updatedAt: 10 };
  expect(ownedInAlbum({ counted: { value: 2, updatedAt: 20 }, records: older, pending })).toBe(3);
  // Without the records there is nothing to put the taps over: the server's count stands.
  expect(ownedInAlbum({ counted: { value: 2, updatedAt: 20 }, records: undefined, pending })).toBe(2);
});
