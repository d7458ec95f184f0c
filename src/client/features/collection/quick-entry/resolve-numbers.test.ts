import { expect, test } from 'vitest';
import { resolveStickerNumbers } from './resolve-numbers.ts';

const stickers = [
  { id: 11, number: '1' },
  { id: 12, number: '2' },
  { id: 13, number: '3' },
  { id: 21, number: 'ITA 3' },
];

test('ranges, prefixes and leading zeros find the same stickers the server would', () => {
  expect(resolveStickerNumbers('1-2, ita 03, 003', stickers)).toEqual({
    stickerIds: [11, 12, 21, 13],
    unknown: [],
  });
});

test('numbers the album does not have and unreadable parts are listed, each sticker counted once', () => {
  expect(resolveStickerNumbers('5-3; 2, 99, 2', stickers)).toEqual({
    stickerIds: [12],
    unknown: ['5-3', '99'],
  });
});
