export const STICKER_STATUSES = ['no', 'yes', 'double'] as const;
export type StickerStatus = (typeof STICKER_STATUSES)[number];

/** How a status sits in the two bitmaps: owned holds yes and double, doubles holds double. */
export function statusBits(status: StickerStatus) {
  return { owned: status !== 'no', double: status === 'double' };
}
