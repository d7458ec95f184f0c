/**
 * Collection bitmaps as 32-bit words, the match index's layout (docs/decisions/018). PostgreSQL sends a
 * `bit varying` (`varbit_send`, after its 4-byte length) as bytes with bit 0 in the high bit of the first
 * byte; the words read those bytes big-endian, so slot `s` is bit `31 - s % 32` of word `s >> 5`.
 */

/** Bits set in every 16-bit value: a popcount is two look-ups. */
export const BITS_IN_16 = new Uint8Array(1 << 16);
for (let value = 1; value < BITS_IN_16.length; value++)
  BITS_IN_16[value] = (BITS_IN_16[value >> 1] as number) + (value & 1);

export function bitCount(word: number): number {
  return (BITS_IN_16[word & 0xffff] as number) + (BITS_IN_16[word >>> 16] as number);
}

/** Copies `bytes` (a varbit's bytes) into `target` from word `at`, a short last word padded with zeros. */
export function readWords(bytes: Uint8Array, target: Uint32Array, at: number) {
  for (let word = 0, byte = 0; byte < bytes.length; word++, byte += 4) {
    target[at + word] =
      (((bytes[byte] ?? 0) << 24) |
        ((bytes[byte + 1] ?? 0) << 16) |
        ((bytes[byte + 2] ?? 0) << 8) |
        (bytes[byte + 3] ?? 0)) >>>
      0;
  }
}

/** The slots whose bits are set in `word`, the word number `index`, pushed in increasing order. */
export function pushSlots(word: number, index: number, slots: number[]) {
  let rest = word >>> 0;
  while (rest !== 0) {
    const high = Math.clz32(rest);
    slots.push(index * 32 + high);
    rest = (rest & ~(0x80000000 >>> high)) >>> 0;
  }
}
