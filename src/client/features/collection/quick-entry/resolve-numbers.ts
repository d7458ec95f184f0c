import { parseStickerNumbers, stickerNumberKey } from '../../../../rpc/schemas/collection.ts';

export type ResolvedNumbers = {
  /** The album's stickers the text names, each once, in the order typed. */
  stickerIds: number[];
  /** Numbers read from the text that the album does not have, as typed. */
  notFound: string[];
  /** Parts that could not be read (a reversed range, one too long), as typed. */
  unreadable: string[];
  /** The stickers typed with a spare count (`12x3`): doubles, whatever the status chosen. */
  doubled?: Set<number>;
};

/**
 * The typed numbers found in the album's stickers as this device has them, by the same parser and the
 * same matching as the server's (`ita 03` is `ITA 3`): fast entry's live preview, and its marks when
 * there is no connection.
 */
export function resolveStickerNumbers(
  text: string,
  stickers: readonly { id: number; number: string }[],
): ResolvedNumbers {
  const byNumber = new Map(stickers.map((sticker) => [stickerNumberKey(sticker.number), sticker.id]));
  const parsed = parseStickerNumbers(text);
  const stickerIds = new Set<number>();
  const notFound: string[] = [];
  const doubled = new Set<number>();
  for (const number of parsed.numbers) {
    const id = byNumber.get(stickerNumberKey(number));
    if (id === undefined) notFound.push(number);
    else stickerIds.add(id);
    if (id !== undefined && parsed.spares?.has(number)) doubled.add(id);
  }
  return {
    stickerIds: [...stickerIds],
    notFound,
    unreadable: parsed.invalid,
    ...(doubled.size > 0 && { doubled }),
  };
}

/** What fast entry leaves in the box once the rest is marked: the parts to fix, as the server lists them. */
export const leftToFix = (resolved: ResolvedNumbers) => [...resolved.unreadable, ...resolved.notFound];
