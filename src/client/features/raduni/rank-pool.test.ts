import { expect, test } from 'vitest';
import type { PoolEntry } from '../../../rpc/schemas/raduni.ts';
import { rankPool, type StickerState } from './rank-pool.ts';

const entry = (
  attendee: string,
  tiDa: string[],
  gliDai: string[],
  cut = { tiDa: 0, gliDai: 0 },
): PoolEntry => ({
  attendee,
  nickname: attendee,
  tavolo: '',
  tiDa,
  gliDai,
  tiDaCount: tiDa.length + cut.tiDa,
  gliDaiCount: gliDai.length + cut.gliDai,
  qui: false,
});

test('marks made at the table re-rank the rows: what I got no longer counts, what I gave away neither, empty rows go', () => {
  const pool = [
    entry('anna', ['1', '2', '3'], ['7', '8', '9']),
    entry('bruno', ['1', '2'], ['7', '8']),
    entry('carla', ['4'], ['9']),
    entry('dario', ['5', '6'], ['10'], { tiDa: 3, gliDai: 0 }),
  ];
  const untouched = new Map<string, StickerState>();
  expect(rankPool(pool, untouched).map((row) => row.attendee)).toEqual(['anna', 'bruno', 'dario', 'carla']);

  // Anna gave me 1, 2 and 3 and took my 7 and 8 (my last spares): she has 9 left for me to give, nothing to
  // give me; Bruno's 1 and 2 are mine now; Carla's 4 still counts.
  const afterSwap = new Map<string, StickerState>([
    ['1', 1],
    ['2', 1],
    ['3', 1],
    ['7', 1],
    ['8', 1],
    ['9', 2],
  ]);
  const ranked = rankPool(pool, afterSwap);
  expect(ranked.map((row) => [row.attendee, row.tiDaCount, row.gliDaiCount])).toEqual([
    ['dario', 5, 1],
    ['carla', 1, 1],
    ['anna', 0, 1],
  ]);
  // A list the server cut keeps its unseen part in the count.
  expect(ranked.find((row) => row.attendee === 'dario')?.tiDa).toEqual(['5', '6']);
  expect(
    rankPool(
      pool,
      new Map([
        ['4', 1],
        ['9', 1],
        ['10', 1],
        ['7', 1],
        ['8', 1],
      ]),
    ).map((row) => row.attendee),
  ).toEqual(['dario', 'anna', 'bruno']);
});
