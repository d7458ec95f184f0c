import { expect, test } from 'vitest';
import type { StickerRecord } from '../sticker-records.ts';
import { summaryWithRecords } from './answers-in-cache.ts';

const summary = {
  album: { id: 7, name: 'Calciatori', year: 2025, stickerCount: 10 },
  raccolte: 3,
  doppie: 1,
  mancanti: 7,
  progress: [
    { albumId: 4, owned: 2 },
    { albumId: 7, owned: 3 },
  ],
};

const records = (statuses: StickerRecord['status'][]): StickerRecord[] =>
  statuses.map((status, index) => ({ stickerId: index + 1, status, userId: 9 }));

test("Home's album: its records counted, as the server counts them", () => {
  expect(summaryWithRecords(summary, 7, records(['yes', 'double', 'double', 'yes']))).toEqual({
    ...summary,
    raccolte: 4,
    doppie: 2,
    mancanti: 6,
    progress: [
      { albumId: 4, owned: 2 },
      { albumId: 7, owned: 4 },
    ],
  });
});

test('another album changes only its progress, listed while I have some of it', () => {
  expect(summaryWithRecords(summary, 4, records(['yes']))).toEqual({
    ...summary,
    progress: [
      { albumId: 4, owned: 1 },
      { albumId: 7, owned: 3 },
    ],
  });
  expect(summaryWithRecords(summary, 4, []).progress).toEqual([{ albumId: 7, owned: 3 }]);
  expect(summaryWithRecords(summary, 5, records(['double'])).progress).toEqual([
    ...summary.progress,
    { albumId: 5, owned: 1 },
  ]);
});

test("with no album for Home's counters, only the progress follows", () => {
  const empty = { ...summary, album: null, raccolte: 0, doppie: 0, mancanti: 0, progress: [] };
  expect(summaryWithRecords(empty, 7, records(['yes']))).toEqual({
    ...empty,
    progress: [{ albumId: 7, owned: 1 }],
  });
});

test("the album's extras are out of Raccolte and Mancanti, as the server counts them (issue 49)", () => {
  expect(
    summaryWithRecords(summary, 7, records(['yes', 'double', 'double', 'yes']), new Set([3, 4])),
  ).toEqual({
    ...summary,
    raccolte: 2,
    doppie: 2,
    mancanti: 8,
    progress: [
      { albumId: 4, owned: 2 },
      { albumId: 7, owned: 2 },
    ],
  });
});
