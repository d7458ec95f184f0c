import type { MatchCursor } from '../../rpc/schemas/match-cursor.ts';
import { ScannedRows } from './bit-scan.ts';
import { bitCount, pushSlots, readWords } from './bit-words.ts';
import { couldSeeInSearch } from './could-see-in-search.ts';
import { kindMasks, pairedSwaps } from './index-kinds.ts';
import { IndexPlaces } from './index-places.ts';
import type { IndexAnswer, IndexQuery } from './index-query.ts';
import { RowOfUser } from './row-of-user.ts';
import { type RankKeys, TopCandidates } from './top-candidates.ts';

/** One collection as the index reads it: `gives` is `doubles & ~reserved`, the doubles they can swap. */
export type IndexedCollection = {
  userId: number;
  active: boolean;
  latitude: number;
  longitude: number;
  owned: Uint8Array;
  gives: Uint8Array;
};

/**
 * One album's collections in memory, for the match search (docs/decisions/018): both bitmaps of every
 * collector as 32-bit words in two flat arrays (row `i` at `i * words`, `words` rounded up to whole
 * 16-byte vectors), the swappable doubles in WebAssembly memory where the search counts them
 * (bit-scan.ts, decision 041), grouped by place (a CAP's point, index-places.ts) so a search visits only
 * the collectors of the points within its radius. Rows are kept dense: removing one moves the last into
 * its place.
 */
export class AlbumIndex {
  readonly bytes: number;
  readonly words: number;
  private size = 0;
  private ids: Int32Array;
  private active: Uint8Array;
  private pointOf: Int32Array;
  private placeInPoint: Int32Array;
  /** `scanned`'s, the views made again when it grows. */
  private owned: Uint32Array;
  private gives: Uint32Array;
  private readonly scanned: ScannedRows;
  private readonly rowOf: RowOfUser;
  private readonly places = new IndexPlaces();

  /**
   * `bytes`: the length of the album's bitmaps in bytes; `expected`: rows to make room for (and 1/32
   * more, for the collectors who join later).
   */
  constructor(bytes: number, expected = 64) {
    this.bytes = bytes;
    this.words = Math.max(4, Math.ceil(bytes / 16) * 4);
    const room = expected + Math.max(16, expected >> 5);
    this.rowOf = new RowOfUser(room);
    this.ids = new Int32Array(room);
    this.active = new Uint8Array(room);
    this.pointOf = new Int32Array(room);
    this.placeInPoint = new Int32Array(room);
    this.scanned = new ScannedRows(this.words, room);
    this.owned = this.scanned.owned;
    this.gives = this.scanned.gives;
  }

  get collections() {
    return this.size;
  }

  /** Bytes held by the arrays (the points aside). */
  get memoryBytes() {
    return this.ids.length * (4 + 1 + 4 + 4) + this.scanned.memoryBytes + this.rowOf.memoryBytes;
  }

  /**
   * Adds or replaces a collector's collection. False when its bitmaps are not the album's length (the
   * album grew since this index was read: the caller reloads it).
   */
  put(row: IndexedCollection): boolean {
    if (row.owned.length !== this.bytes || row.gives.length !== this.bytes) return false;
    let at = this.rowOf.get(row.userId);
    const point = this.places.pointAt(row.latitude, row.longitude);
    if (at === undefined) {
      at = this.size++;
      if (at === this.ids.length) this.grow();
      this.ids[at] = row.userId;
      this.rowOf.set(row.userId, at);
      this.join(at, point);
    } else if (this.pointOf[at] !== point) {
      this.leave(at);
      this.join(at, point);
    }
    this.active[at] = row.active ? 1 : 0;
    readWords(row.owned, this.owned, at * this.words);
    readWords(row.gives, this.gives, at * this.words);
    return true;
  }

  remove(userId: number) {
    const at = this.rowOf.get(userId);
    if (at === undefined) return;
    this.leave(at);
    this.rowOf.delete(userId);
    const last = --this.size;
    if (at !== last) {
      const moved = this.ids[last] as number;
      this.ids[at] = moved;
      this.active[at] = this.active[last] as number;
      const point = this.pointOf[last] as number;
      this.pointOf[at] = point;
      this.placeInPoint[at] = this.placeInPoint[last] as number;
      this.places.renumber(point, this.placeInPoint[at] as number, at);
      this.owned.copyWithin(at * this.words, last * this.words, (last + 1) * this.words);
      this.gives.copyWithin(at * this.words, last * this.words, (last + 1) * this.words);
      this.rowOf.set(moved, at);
    }
  }

  /**
   * The best `limit` candidates for me (top-candidates.ts) among those the search could show me
   * (could-see-in-search.ts).
   */
  search(query: IndexQuery): IndexAnswer {
    const { words } = this;
    const mine = this.rowOf.get(query.userId);
    const myNotOwned = new Uint32Array(words).fill(0xffffffff);
    const myGives = new Uint32Array(words);
    let myOwned = 0;
    let myGiveCount = 0;
    if (mine !== undefined) {
      for (let word = 0; word < words; word++) {
        const owned = this.owned[mine * words + word] as number;
        myNotOwned[word] = ~owned >>> 0;
        myOwned += bitCount(owned);
        myGives[word] = this.gives[mine * words + word] as number;
        myGiveCount += bitCount(myGives[word] as number);
      }
    }
    const top = new TopCandidates(query.limit, query.rank, query.after && this.keysOf(query.after, query));
    // The rows of the points within the radius, listed for the scan point after point.
    const { scanned } = this;
    const nearKm: number[] = [];
    const nearCount: number[] = [];
    let listed = 0;
    this.places.within(query.latitude, query.longitude, query.radiusKm, (rows, distanceKm) => {
      nearKm.push(distanceKm);
      nearCount.push(rows.length);
      scanned.list.set(rows, listed);
      listed += rows.length;
      return true;
    });
    // What each of them gives me and what I give them, counted in WebAssembly (bit-scan.ts); then here
    // the few that could enter the best, against the rule (could-see-in-search.ts).
    scanned.mask.set(myNotOwned);
    scanned.mine.set(myGives);
    scanned.count(listed);
    const { list, theyGive: theyGiveOf, iGive: iGiveOf } = scanned;
    const { active, ids, owned, gives } = this;
    // Like for like: min(they give, I give) is an upper bound of the swaps, enough to rule a candidate
    // out; one who could enter is counted kind by kind (index-kinds.ts).
    const kinds = kindMasks(query.kindOf, words);
    const mixKinds = query.mixKinds === true;
    for (let i = 0, at = 0; i < nearKm.length; i++) {
      const distanceKm = nearKm[i] as number;
      for (const end = at + (nearCount[i] as number); at < end; at++) {
        const theyGive = theyGiveOf[at] as number;
        if (theyGive === 0) continue;
        const iGive = iGiveOf[at] as number;
        const atMost = Math.min(theyGive, iGive);
        const row = list[at] as number;
        const userId = ids[row] as number;
        if (!top.admits(atMost, theyGive, distanceKm, userId)) continue;
        if (!couldSeeInSearch({ userId, active: active[row] === 1, distanceKm, theyGive }, query)) continue;
        const swaps = kinds
          ? pairedSwaps(
              { owned, gives, at: row * words, myNotOwned, myGives, theyGive, iGive },
              kinds,
              mixKinds,
            )
          : atMost;
        top.add({ at: row, userId, swaps, theyGive, iGive, distanceKm });
      }
    }
    const candidates = top.best().map(({ at, userId, swaps, theyGive, iGive, distanceKm }) => {
      const theyGiveSlots: number[] = [];
      const iGiveSlots: number[] = [];
      for (let word = 0; word < words; word++) {
        pushSlots(
          (this.gives[at * words + word] as number) & (myNotOwned[word] as number),
          word,
          theyGiveSlots,
        );
        pushSlots((myGives[word] as number) & ~(this.owned[at * words + word] as number), word, iGiveSlots);
      }
      return { userId, distanceKm, swaps, theyGive, iGive, theyGiveSlots, iGiveSlots };
    });
    return { myOwned, myGives: myGiveCount, candidates };
  }

  /**
   * The cursor's place in the ranking, its distance from me measured as the scan measures it; a collector
   * gone from the album since comes before everyone at its counts (a card seen again, never one skipped).
   */
  private keysOf(after: MatchCursor, from: { latitude: number; longitude: number }): RankKeys {
    const at = this.rowOf.get(after.userId);
    const distanceKm =
      at === undefined
        ? -1
        : this.places.distanceTo(this.pointOf[at] as number, from.latitude, from.longitude);
    return { ...after, distanceKm };
  }

  /**
   * Read-only views for figures over the active collectors within `radiusKm` of a point (swap-cycles.ts):
   * the arrays as they are now (row `at` at `at * words`), my row if I collect the album, and `visit`,
   * which calls `see` with each of their rows until it returns false.
   */
  rowsWithin(latitude: number, longitude: number, radiusKm: number, userId: number) {
    const visit = (see: (at: number) => boolean) =>
      this.places.within(latitude, longitude, radiusKm, (rows) => {
        for (const at of rows) if (this.active[at] === 1 && !see(at)) return false;
        return true;
      });
    const { words, owned, gives, ids } = this;
    return { visit, words, owned, gives, ids, mine: this.rowOf.get(userId) };
  }

  /**
   * Puts the rows in place order, each place's rows one after the other: a search walks its places'
   * rows as a sequential read instead of one cache miss per row (rows are in the order they were read,
   * scattered over the arrays). Rows put later go at the end.
   */
  compact() {
    const { words, size } = this;
    // The old row of each new one, the places' lists renumbered already.
    const from = this.places.inPlaceOrder(size);
    // In place, cycle by cycle (each old row's data moves once, all arrays together): no copy of any
    // array, where copying each took a moment the room of the largest (a 1,000,000-row album: 128 MB).
    const { ids, active, pointOf, placeInPoint, owned, gives } = this;
    const done = new Uint8Array(size);
    const saved = {
      id: 0,
      active: 0,
      point: 0,
      place: 0,
      owned: new Uint32Array(words),
      gives: new Uint32Array(words),
    };
    for (let start = 0; start < size; start++) {
      if (done[start] === 1 || from[start] === start) continue;
      saved.id = ids[start] as number;
      saved.active = active[start] as number;
      saved.point = pointOf[start] as number;
      saved.place = placeInPoint[start] as number;
      saved.owned.set(owned.subarray(start * words, (start + 1) * words));
      saved.gives.set(gives.subarray(start * words, (start + 1) * words));
      let to = start;
      for (let at = from[to] as number; at !== start; to = at, at = from[to] as number) {
        ids[to] = ids[at] as number;
        active[to] = active[at] as number;
        pointOf[to] = pointOf[at] as number;
        placeInPoint[to] = placeInPoint[at] as number;
        owned.copyWithin(to * words, at * words, (at + 1) * words);
        gives.copyWithin(to * words, at * words, (at + 1) * words);
        done[to] = 1;
      }
      ids[to] = saved.id;
      active[to] = saved.active;
      pointOf[to] = saved.point;
      placeInPoint[to] = saved.place;
      owned.set(saved.owned, to * words);
      gives.set(saved.gives, to * words);
      done[to] = 1;
    }
    for (let to = 0; to < size; to++) this.rowOf.set(this.ids[to] as number, to);
  }

  private join(at: number, point: number) {
    this.pointOf[at] = point;
    this.placeInPoint[at] = this.places.join(point, at);
  }

  private leave(at: number) {
    const place = this.placeInPoint[at] as number;
    this.placeInPoint[this.places.leave(this.pointOf[at] as number, place)] = place;
  }

  private grow() {
    const room = Math.ceil(this.ids.length * 1.5);
    const larger = <T extends Int32Array | Uint8Array>(array: T, make: (length: number) => T) => {
      const next = make(room);
      next.set(array);
      return next;
    };
    this.ids = larger(this.ids, (n) => new Int32Array(n));
    this.active = larger(this.active, (n) => new Uint8Array(n));
    this.pointOf = larger(this.pointOf, (n) => new Int32Array(n));
    this.placeInPoint = larger(this.placeInPoint, (n) => new Int32Array(n));
    this.scanned.grow(room);
    this.owned = this.scanned.owned;
    this.gives = this.scanned.gives;
  }
}
