import { expect, test } from 'vitest';
import { undoTaps } from './undo-marks.ts';

test('each changed sticker goes back to its own status; the ones that had it already are left alone', () => {
  const before = new Map([
    [1, 'double'],
    [2, 'yes'],
  ] as const);
  const marked = {
    userId: 7,
    albumId: 3,
    stickerIds: [1, 2, 4],
    status: 'yes',
    before: (stickerId: number) => before.get(stickerId as 1 | 2) ?? 'no',
  } as const;
  expect(undoTaps(marked, 1000)).toEqual([
    { userId: 7, albumId: 3, stickerId: 1, status: 'double', tappedAt: 1000 },
    { userId: 7, albumId: 3, stickerId: 4, status: 'no', tappedAt: 1000 },
  ]);
  expect(undoTaps({ ...marked, status: 'no' }, 1000).map((tap) => tap.status)).toEqual(['double', 'yes']);
});
