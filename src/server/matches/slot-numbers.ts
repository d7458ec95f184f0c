import type { EntityManager } from '@mikro-orm/postgresql';
import { pairLikeForLike } from '../../rpc/schemas/like-for-like-rule.ts';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import { compareStickerNumbers } from '../stickers/natural-order.ts';

/**
 * An album's sticker numbers in natural order, each slot's place in that order, and the slots that are not
 * base with their kind: to turn the slots of a collection bitmap back into the numbers a collector reads
 * (slots are handed out in albums/sticker-slots.ts), and to pair them like for like (issue 49, row 3).
 */
export type StickerNames = {
  inOrder: string[];
  placeOf: Map<number, number>;
  kindOf: Map<number, Exclude<StickerKind, 'base'>>;
};

export function stickerNames(stickers: { slot: number; number: string; kind: StickerKind }[]): StickerNames {
  const sorted = [...stickers].sort((a, b) => compareStickerNumbers(a.number, b.number));
  const kindOf = new Map<number, Exclude<StickerKind, 'base'>>();
  for (const { slot, kind } of stickers) if (kind !== 'base') kindOf.set(slot, kind);
  return {
    inOrder: sorted.map((sticker) => sticker.number),
    placeOf: new Map(sorted.map((sticker, place) => [sticker.slot, place])),
    kindOf,
  };
}

/** The places of these slots in natural order (slots of no sticker left out). */
const placesOf = (names: StickerNames, slots: number[]) =>
  slots
    .map((slot) => names.placeOf.get(slot) ?? -1)
    .filter((place) => place >= 0)
    .sort((a, b) => a - b);

/** The numbers of these slots in natural order (slots of no sticker left out), the first `max` of them. */
export function nameSlots(names: StickerNames, slots: number[], max = Number.POSITIVE_INFINITY): string[] {
  return placesOf(names, slots)
    .slice(0, max)
    .map((place) => names.inOrder[place] as string);
}

/**
 * The 1:1 exchanges of a candidate's card, like for like: my doubles they miss (`iGive`) paired with theirs
 * I miss (`theyGive`), each list in natural order, the first `max` pairs.
 */
export function namePairs(
  names: StickerNames,
  lists: { iGive: number[]; theyGive: number[] },
  mixKinds: boolean,
  max: number,
): { myDouble: string; theirNeed: string }[] {
  const read = (slots: number[]) =>
    slots
      .flatMap((slot) => {
        const place = names.placeOf.get(slot);
        const kind: StickerKind = names.kindOf.get(slot) ?? 'base';
        return place === undefined ? [] : [{ place, kind }];
      })
      .sort((a, b) => a.place - b.place)
      .map(({ place, kind }) => ({ number: names.inOrder[place] as string, kind }));
  return pairLikeForLike(read(lists.iGive), read(lists.theyGive), mixKinds)
    .slice(0, max)
    .map(([mine, theirs]) => ({ myDouble: mine.number, theirNeed: theirs.number }));
}

/** An album's sticker names, to turn bitmaps back into numbers. */
export async function albumStickerNames(em: EntityManager, albumId: number): Promise<StickerNames> {
  const rows = await em.execute<{ slot: number; number: string; kind: StickerKind }[]>(
    'select slot, number, kind from sticker where album_id = ?',
    [albumId],
  );
  return stickerNames(rows);
}
