import { parseStickerNumbers, stickerNumberKey } from '../../../../rpc/schemas/collection.ts';

/**
 * Fast entry without the server (offline): the typed numbers found in the album's stickers as this
 * device last saw them, by the same parser and the same matching as the server's (`ita 03` is `ITA 3`).
 * `unknown` lists what the album does not have or could not be read, in the order typed.
 */
export function resolveStickerNumbers(
  text: string,
  stickers: readonly { id: number; number: string }[],
): { stickerIds: number[]; unknown: string[] } {
  const byNumber = new Map(stickers.map((sticker) => [stickerNumberKey(sticker.number), sticker.id]));
  const parsed = parseStickerNumbers(text);
  const stickerIds = new Set<number>();
  const unknown = [...parsed.invalid];
  for (const number of parsed.numbers) {
    const id = byNumber.get(stickerNumberKey(number));
    if (id === undefined) unknown.push(number);
    else stickerIds.add(id);
  }
  return { stickerIds: [...stickerIds], unknown };
}
