import type { StickerStatus } from '../../rpc/schemas/collection.ts';

/** How a status sits in the two bitmaps: owned holds yes and double, doubles holds double. */
export function statusBits(status: StickerStatus) {
  return { owned: status !== 'no', double: status === 'double' };
}
