/** Parsing of the numbers a collector types for fast entry: `1-20, 35, ITA 3, ITA 5-7`. */

import { STICKER_NUMBER_MAX } from './sticker-import.ts';

export const STICKER_NUMBERS_TEXT_MAX = 5000;
export const STICKER_NUMBERS_MAX = 1000;

export type ParsedStickerNumbers = { numbers: string[]; invalid: string[] };

const RANGE = /^(.*?)(\d+)\s*-\s*(\d+)$/;
/** `prefix + to` fits a sticker number, ` - from` adds as much again: anything longer is no range. */
const RANGE_TEXT_MAX = 2 * STICKER_NUMBER_MAX + 3;

/**
 * Splits on commas, semicolons and new lines. `a-b` with a ≤ b expands to every number between (with
 * the same prefix, so `ITA 1-3` is ITA 1, ITA 2, ITA 3); anything else is taken as one sticker number.
 * Repeated numbers count once; a range reversed or too long goes to `invalid`, as does one whose numbers
 * would be longer than a sticker number can be (so a long prefix is never copied a thousand times), a
 * part that long, and the overflow past STICKER_NUMBERS_MAX.
 */
export function parseStickerNumbers(text: string): ParsedStickerNumbers {
  const numbers = new Set<string>();
  const invalid: string[] = [];
  for (const rawPart of text.split(/[,;\n]/)) {
    const part = rawPart.trim().replace(/\s+/g, ' ');
    if (!part) continue;
    // Long parts skip the pattern, whose backtracking grows with the square of the length.
    const range = part.length <= RANGE_TEXT_MAX ? RANGE.exec(part) : null;
    if (range && !/[-\d]$/.test(range[1] ?? '')) {
      const prefix = range[1] ?? '';
      const from = Number(range[2]);
      const to = Number(range[3]);
      if (
        prefix.length + (range[3] ?? '').length > STICKER_NUMBER_MAX ||
        from > to ||
        to - from >= STICKER_NUMBERS_MAX ||
        numbers.size + (to - from + 1) > STICKER_NUMBERS_MAX
      ) {
        invalid.push(part);
        continue;
      }
      for (let n = from; n <= to; n += 1) numbers.add(`${prefix}${n}`);
    } else if (part.length > STICKER_NUMBER_MAX || numbers.size >= STICKER_NUMBERS_MAX) {
      invalid.push(part);
    } else {
      numbers.add(part);
    }
  }
  return { numbers: [...numbers], invalid };
}
