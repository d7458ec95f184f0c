/**
 * Like for like in the match index (issue 49, row 3): an album's special and extra stickers as masks of the
 * index's words, and a candidate's 1:1 swaps by the rule (rpc/schemas/like-for-like-rule.ts). The scan
 * counts all kinds together (bit-scan.ts): min(they give, I give) bounds the like-for-like swaps from
 * above, so the ranking still prunes on it, and only a candidate that could enter the best is counted
 * kind by kind, over the few words that hold special or extra slots.
 */
import { likeForLikeSwaps } from '../../rpc/schemas/like-for-like-rule.ts';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import { bitCount } from './bit-words.ts';

/** An album's slots that are not base, with their kind (slot-numbers.ts). */
export type KindOfSlot = ReadonlyMap<number, Exclude<StickerKind, 'base'>>;

export type KindMasks = { speciale: Uint32Array; extra: Uint32Array; words: number[] };

/** The masks of an album's kinds in rows of `words` words; undefined when every sticker is base. */
export function kindMasks(kindOf: KindOfSlot | undefined, words: number): KindMasks | undefined {
  if (!kindOf || kindOf.size === 0) return undefined;
  const masks = { speciale: new Uint32Array(words), extra: new Uint32Array(words) };
  const held = new Set<number>();
  for (const [slot, kind] of kindOf) {
    const word = slot >> 5;
    if (word >= words) continue;
    masks[kind][word] = ((masks[kind][word] as number) | (0x80000000 >>> (slot % 32))) >>> 0;
    held.add(word);
  }
  return { ...masks, words: [...held].sort((a, b) => a - b) };
}

/** One candidate's row against mine, as the search has them: words from `at` of their bitmaps. */
export type PairedRow = {
  owned: Uint32Array;
  gives: Uint32Array;
  at: number;
  myNotOwned: Uint32Array;
  myGives: Uint32Array;
  theyGive: number;
  iGive: number;
};

/** The 1:1 swaps by the rule, their per-kind counts taken over the masks' words. */
export function pairedSwaps(row: PairedRow, masks: KindMasks, mixKinds: boolean): number {
  const { owned, gives, at, myNotOwned, myGives } = row;
  let theySpeciale = 0;
  let theyExtra = 0;
  let mySpeciale = 0;
  let myExtra = 0;
  for (const word of masks.words) {
    const theirs = (gives[at + word] as number) & (myNotOwned[word] as number);
    const mine = (myGives[word] as number) & ~(owned[at + word] as number);
    const speciale = masks.speciale[word] as number;
    const extra = masks.extra[word] as number;
    theySpeciale += bitCount(theirs & speciale);
    theyExtra += bitCount(theirs & extra);
    mySpeciale += bitCount(mine & speciale);
    myExtra += bitCount(mine & extra);
  }
  return likeForLikeSwaps(
    { base: row.theyGive - theySpeciale - theyExtra, speciale: theySpeciale, extra: theyExtra },
    { base: row.iGive - mySpeciale - myExtra, speciale: mySpeciale, extra: myExtra },
    mixKinds,
  );
}
