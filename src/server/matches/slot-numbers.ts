import type { EntityManager } from '@mikro-orm/postgresql';
import { pairLikeForLike } from '../../rpc/schemas/like-for-like-rule.ts';
import { STICKER_KINDS, type StickerKind } from '../../rpc/schemas/stickers.ts';
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
  /**
   * `placeOf`, and each place's kind as its index in STICKER_KINDS, as arrays: naming a candidate's lists
   * reads them hundreds of times.
   */
  placeOfSlot: Int32Array;
  kindAtPlace: Uint8Array;
};

export function stickerNames(stickers: { slot: number; number: string; kind: StickerKind }[]): StickerNames {
  const sorted = [...stickers].sort((a, b) => compareStickerNumbers(a.number, b.number));
  const kindOf = new Map<number, Exclude<StickerKind, 'base'>>();
  const placeOfSlot = new Int32Array(sorted.reduce((most, { slot }) => Math.max(most, slot + 1), 0)).fill(-1);
  const kindAtPlace = new Uint8Array(sorted.length);
  sorted.forEach(({ slot, kind }, place) => {
    placeOfSlot[slot] = place;
    kindAtPlace[place] = STICKER_KINDS.indexOf(kind);
    if (kind !== 'base') kindOf.set(slot, kind);
  });
  return {
    inOrder: sorted.map((sticker) => sticker.number),
    placeOf: new Map(sorted.map((sticker, place) => [sticker.slot, place])),
    kindOf,
    placeOfSlot,
    kindAtPlace,
  };
}

/** The places of these slots in natural order (slots of no sticker left out), as numbers sort fastest. */
function sortedPlaces(names: StickerNames, slots: readonly number[]): Int32Array {
  const places = new Int32Array(slots.length);
  let count = 0;
  for (const slot of slots) {
    const place = names.placeOfSlot[slot] ?? -1;
    if (place >= 0) places[count++] = place;
  }
  return places.subarray(0, count).sort();
}

/** The numbers of these slots in natural order (slots of no sticker left out), the first `max` of them. */
export function nameSlots(names: StickerNames, slots: number[], max = Number.POSITIVE_INFINITY): string[] {
  const places = sortedPlaces(names, slots);
  return Array.from(
    places.subarray(0, Math.min(places.length, max)),
    (place) => names.inOrder[place] as string,
  );
}

/**
 * The 1:1 exchanges of a candidate's card, like for like: my doubles they miss (`iGive`) paired with theirs
 * I miss (`theyGive`), each list in natural order, the first `max` pairs. Those pairs never reach past the
 * first 2 × `max` stickers of a kind on either side (`max` of its own, `max` left over to mix), so no more
 * are read.
 */
export function namePairs(
  names: StickerNames,
  lists: { iGive: number[]; theyGive: number[] },
  mixKinds: boolean,
  max: number,
): { myDouble: string; theirNeed: string }[] {
  const read = (slots: number[]) => {
    const taken: Record<StickerKind, number> = { base: 0, speciale: 0, extra: 0 };
    const stickers: { place: number; kind: StickerKind }[] = [];
    for (const place of sortedPlaces(names, slots)) {
      const kind = STICKER_KINDS[names.kindAtPlace[place] as number] as StickerKind;
      if (taken[kind]++ < 2 * max) stickers.push({ place, kind });
    }
    return stickers;
  };
  return pairLikeForLike(read(lists.iGive), read(lists.theyGive), mixKinds)
    .slice(0, max)
    .map(([mine, theirs]) => ({
      myDouble: names.inOrder[mine.place] as string,
      theirNeed: names.inOrder[theirs.place] as string,
    }));
}

/** An album's sticker names, to turn bitmaps back into numbers. */
export async function albumStickerNames(em: EntityManager, albumId: number): Promise<StickerNames> {
  const rows = await em.execute<{ slot: number; number: string; kind: StickerKind }[]>(
    'select slot, number, kind from sticker where album_id = ?',
    [albumId],
  );
  return stickerNames(rows);
}
