import { expect, test } from 'vitest';
import { resolveStickerNumbers } from './resolve-numbers.ts';

const stickers = [
  { id: 11, number: '1' },
  { id: 12, number: '2' },
  { id: 13, number: '3' },
  { id: 21, number: 'ITA 3' },
  { id: 22, number: 'ITA 4' },
];

test('ranges, prefixes and leading zeros find the same stickers the server would', () => {
  expect(resolveStickerNumbers('1-2, ita 03, 003', stickers)).toEqual({
    stickerIds: [11, 12, 21, 13],
    notFound: [],
    unreadable: [],
  });
});

test('numbers the album does not have and unreadable parts are listed apart, each sticker counted once', () => {
  expect(resolveStickerNumbers('5-3; 2, 99, 2', stickers)).toEqual({
    stickerIds: [12],
    notFound: ['99'],
    unreadable: ['5-3'],
  });
});

test("the issue's text: 22 stickers of an album without 999 and abc, whatever separates them", () => {
  const album = [
    ...Array.from({ length: 50 }, (_, i) => ({ id: i + 1, number: String(i + 1) })),
    { id: 100, number: 'ITA 3' },
  ];
  const commas = resolveStickerNumbers('11-30, 45, 999, abc, ITA 3', album);
  expect(commas.stickerIds).toHaveLength(22);
  expect(commas.notFound).toEqual(['999', 'abc']);
  expect(resolveStickerNumbers('11-30 45 999\nabc;ITA3', album)).toEqual(commas);
});

test('stickers typed with a spare count are listed as doubles', () => {
  expect(resolveStickerNumbers('1, 2x3, ITA 3 x2', stickers)).toEqual({
    stickerIds: [11, 12, 21],
    notFound: [],
    unreadable: [],
    doubled: new Set([12, 21]),
  });
});
