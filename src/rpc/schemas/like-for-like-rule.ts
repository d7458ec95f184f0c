/**
 * Like for like (issue 49, row 3): a sticker is swapped for one of its own kind — base for base, speciale
 * for speciale — unless the collector's switch 'Scambia anche speciali con normali' is on, which lets base
 * and speciale pair with each other; an extra pairs only with an extra, always. Written once here for the
 * match index, the Match card's pairs and the swap chooser; SQL's copy is beside the search
 * (server/matches/like-for-like.ts), held to this one by its test.
 */
import { STICKER_KINDS, type StickerKind } from './stickers.ts';

/** How many stickers of each kind one side of a swap could give. */
export type KindCounts = Record<StickerKind, number>;

export const MIX_KINDS_LABEL = 'Scambia anche speciali con normali';

const APART: readonly (readonly StickerKind[])[] = [['base'], ['speciale'], ['extra']];
const MIXED: readonly (readonly StickerKind[])[] = [['base', 'speciale'], ['extra']];

/** The kinds that pair with each other, in the order their pairs are listed. */
export const pairingGroups = (mixKinds: boolean) => (mixKinds ? MIXED : APART);

/**
 * The 1:1 swaps two collectors can make: in each group, the smaller of what each side gives. Plain loops:
 * the match index asks it for every candidate that could enter the best.
 */
export function likeForLikeSwaps(theyGive: KindCounts, iGive: KindCounts, mixKinds: boolean): number {
  let swaps = 0;
  for (const group of pairingGroups(mixKinds)) {
    let theirs = 0;
    let mine = 0;
    for (const kind of group) {
      theirs += theyGive[kind];
      mine += iGive[kind];
    }
    swaps += Math.min(theirs, mine);
  }
  return swaps;
}

/**
 * The 1:1 pairs of two lists (each in the order it should be read), as many as `likeForLikeSwaps` counts:
 * the first of mine of a kind with the first of theirs of that kind; with `mixKinds`, the base and speciale
 * left over then pair with each other (a speciale still goes for a speciale where one is there).
 */
export function pairLikeForLike<T extends { kind: StickerKind }>(
  iGive: readonly T[],
  theyGive: readonly T[],
  mixKinds: boolean,
): [mine: T, theirs: T][] {
  const pairs: [T, T][] = [];
  const left = { mine: [] as T[], theirs: [] as T[] };
  for (const kind of STICKER_KINDS) {
    const mine = iGive.filter((sticker) => sticker.kind === kind);
    const theirs = theyGive.filter((sticker) => sticker.kind === kind);
    const paired = Math.min(mine.length, theirs.length);
    for (let i = 0; i < paired; i++) pairs.push([mine[i] as T, theirs[i] as T]);
    if (mixKinds && kind !== 'extra') {
      left.mine.push(...mine.slice(paired));
      left.theirs.push(...theirs.slice(paired));
    }
  }
  for (let i = 0; i < Math.min(left.mine.length, left.theirs.length); i++)
    pairs.push([left.mine[i] as T, left.theirs[i] as T]);
  return pairs;
}
