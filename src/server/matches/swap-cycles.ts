/**
 * Would three-way swaps help? (issue 35, docs/decisions/040.) For one searcher, how many of the stickers
 * they miss someone nearby could give, a 1:1 swap could get them, and a three-way cycle would add: I give
 * C a double C misses, C gives B one B misses, B gives me one I miss, B and C both within my radius.
 * Figures only: read-only over the album index's arrays, nothing here proposes a swap.
 */
import type { AlbumIndex } from './album-index.ts';
import { bitCount } from './bit-words.ts';

export type SwapReach = {
  /** Stickers of the album I miss. */
  missing: number;
  /** Of those, the ones some collector in the radius has as a free double. */
  anyHolder: number;
  /** The ones a holder has who also misses one of my free doubles (a 1:1 swap). */
  oneToOne: number;
  /** The ones only a three-way cycle reaches (not counted in oneToOne). */
  threeWayAdded: number;
};

export type ReachQuery = {
  userId: number;
  latitude: number;
  longitude: number;
  radiusKm: number;
  blocked: ReadonlySet<number>;
};

/** The album's sticker slots as bitmap words (slot `s` is bit `31 - s % 32` of word `s >> 5`). */
export function slotMask(slots: Iterable<number>, words: number): Uint32Array {
  const mask = new Uint32Array(words);
  for (const slot of slots)
    mask[slot >> 5] = ((mask[slot >> 5] as number) | (0x80000000 >>> (slot % 32))) >>> 0;
  return mask;
}

/** Partner rows between two checks of whether the 1:1 swaps already reach every sticker I miss. */
const COVER_CHECK = 16;

/**
 * Two passes over the rows in the radius. The first ORs every holder's free doubles (anyone) and those of
 * the holders who miss one of mine (1:1 partners: the possible C's); it stops as soon as the 1:1 swaps
 * reach every sticker I miss (nothing is left for anyone else to add: the usual case where collectors are
 * many, which keeps the figure cheap). A holder B is then in a cycle when some C gives a double B misses:
 * the 1:1 OR, less B's album, is not empty (B is never its own C: a free double is one B owns).
 */
export function swapReach(index: AlbumIndex, query: ReachQuery, stickers: Uint32Array): SwapReach {
  const { visit, words, owned, gives, ids, mine } = index.rowsWithin(
    query.latitude,
    query.longitude,
    query.radiusKm,
    query.userId,
  );
  const missing = new Uint32Array(words);
  const myGives = new Uint32Array(words);
  for (let word = 0; word < words; word++) {
    const myOwned = mine === undefined ? 0 : (owned[mine * words + word] as number);
    missing[word] = (~myOwned & (stickers[word] as number)) >>> 0;
    myGives[word] = mine === undefined ? 0 : (gives[mine * words + word] as number);
  }
  const counted = (at: number) => at !== mine && !query.blocked.has(ids[at] as number);
  const takesMine = (base: number) => {
    let takes = 0;
    for (let word = 0; word < words; word++)
      takes |= (myGives[word] as number) & ~(owned[base + word] as number);
    return takes !== 0;
  };
  const anyone = new Uint32Array(words);
  const oneToOne = new Uint32Array(words);
  const coversAll = () => {
    for (let word = 0; word < words; word++)
      if (((missing[word] as number) & ~(oneToOne[word] as number)) !== 0) return false;
    return true;
  };
  let partners = 0;
  let covered = false;
  visit((at) => {
    if (!counted(at)) return true;
    const base = at * words;
    for (let word = 0; word < words; word++)
      anyone[word] = ((anyone[word] as number) | (gives[base + word] as number)) >>> 0;
    if (!takesMine(base)) return true;
    for (let word = 0; word < words; word++)
      oneToOne[word] = ((oneToOne[word] as number) | (gives[base + word] as number)) >>> 0;
    covered = ++partners % COVER_CHECK === 0 && coversAll();
    return !covered;
  });
  const threeWay = new Uint32Array(words);
  if (!covered && !coversAll()) {
    visit((at) => {
      const base = at * words;
      if (!counted(at) || takesMine(base)) return true;
      let takesFromC = 0;
      for (let word = 0; word < words; word++)
        takesFromC |= (oneToOne[word] as number) & ~(owned[base + word] as number);
      if (takesFromC !== 0)
        for (let word = 0; word < words; word++)
          threeWay[word] = ((threeWay[word] as number) | (gives[base + word] as number)) >>> 0;
      return true;
    });
  }
  const reach = { missing: 0, anyHolder: 0, oneToOne: 0, threeWayAdded: 0 };
  for (let word = 0; word < words; word++) {
    const gap = missing[word] as number;
    reach.missing += bitCount(gap);
    // Stopped early, `anyone` is partial: but whatever 1:1 reaches, someone holds.
    reach.anyHolder += bitCount(((anyone[word] as number) | (oneToOne[word] as number)) & gap);
    reach.oneToOne += bitCount((oneToOne[word] as number) & gap);
    reach.threeWayAdded += bitCount((threeWay[word] as number) & ~(oneToOne[word] as number) & gap);
  }
  return reach;
}
