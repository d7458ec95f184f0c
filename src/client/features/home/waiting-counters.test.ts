import { expect, test } from 'vitest';
import { countersWithWaiting } from './waiting-counters.ts';

const summary = {
  album: { id: 7, stickerCount: 10 },
  raccolte: 2,
  doppie: 1,
  mancanti: 8,
};
const marks = [
  { stickerId: 1, status: 'yes' as const },
  { stickerId: 2, status: 'double' as const },
];

test('waiting taps on the album count over its marks: a new one, a double, one taken back', () => {
  const taps = [
    { albumId: 7, stickerId: 3, status: 'yes' as const },
    { albumId: 7, stickerId: 1, status: 'double' as const },
    { albumId: 7, stickerId: 2, status: 'no' as const },
    { albumId: 8, stickerId: 9, status: 'yes' as const },
  ];
  expect(countersWithWaiting(summary, marks, taps)).toEqual({ raccolte: 2, doppie: 1, mancanti: 8 });
  expect(countersWithWaiting(summary, marks, taps.slice(0, 1))).toEqual({
    raccolte: 3,
    doppie: 1,
    mancanti: 7,
  });
});

test("with nothing waiting, or without the album's marks on the device, the server's figures", () => {
  const taps = [{ albumId: 7, stickerId: 3, status: 'yes' as const }];
  expect(countersWithWaiting(summary, marks, [])).toBe(summary);
  expect(countersWithWaiting(summary, undefined, taps)).toBe(summary);
  expect(countersWithWaiting({ ...summary, album: null }, marks, taps)).toMatchObject({ raccolte: 2 });
});

test('an extra tapped while waiting is out of Possedute and Mancanti, still a double (issue 49)', () => {
  const taps = [
    { albumId: 7, stickerId: 3, status: 'yes' as const },
    { albumId: 7, stickerId: 4, status: 'double' as const },
  ];
  expect(countersWithWaiting(summary, marks, taps, new Set([4]))).toEqual({
    raccolte: 3,
    doppie: 2,
    mancanti: 7,
  });
});
