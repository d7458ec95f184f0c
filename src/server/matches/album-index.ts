import type { MatchRanking } from '../../rpc/schemas/matches.ts';
import { latitudeSpan } from '../geo/bounding-box.ts';
import { greatCircleKm } from '../geo/great-circle.ts';
import { BITS_IN_16, bitCount, pushSlots, readWords, wordsFor } from './bit-words.ts';
import { couldSeeInSearch } from './could-see-in-search.ts';
import { TopCandidates } from './top-candidates.ts';

/** One collection as the index reads it: `gives` is `doubles & ~reserved`, the doubles they can swap. */
export type IndexedCollection = {
  userId: number;
  active: boolean;
  latitude: number;
  longitude: number;
  owned: Uint8Array;
  gives: Uint8Array;
};

export type IndexQuery = {
  userId: number;
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Collectors who blocked me or whom I blocked: never candidates. */
  blocked: ReadonlySet<number>;
  limit: number;
  /** Decision 005's order ('swaps', the default) or most of my gaps first ('missing'). */
  rank?: MatchRanking;
};

export type IndexCandidate = {
  userId: number;
  distanceKm: number;
  theyGive: number;
  iGive: number;
  /** Slots of their swappable doubles I miss, and of mine they miss, in slot order. */
  theyGiveSlots: number[];
  iGiveSlots: number[];
};

export type IndexAnswer = { myOwned: number; myGives: number; candidates: IndexCandidate[] };

/**
 * One album's collections in memory, for the match search (docs/decisions/018): both bitmaps of every
 * collector as 32-bit words in two flat arrays (row `i` at `i * words`), grouped by place (a CAP's point)
 * so a search visits only the collectors of the points within its radius. Rows are kept dense: removing
 * one moves the last into its place.
 */
export class AlbumIndex {
  readonly bytes: number;
  readonly words: number;
  private size = 0;
  private ids: Int32Array;
  private active: Uint8Array;
  private giveCount: Uint16Array;
  private pointOf: Int32Array;
  private placeInPoint: Int32Array;
  private owned: Uint32Array;
  private gives: Uint32Array;
  private readonly rowOf = new Map<number, number>();
  private readonly pointByPlace = new Map<string, number>();
  private readonly pointLat: number[] = [];
  private readonly pointLon: number[] = [];
  private readonly members: Int32Array[] = [];
  private readonly memberCount: number[] = [];

  /** `bytes`: the length of the album's bitmaps in bytes; `expected`: rows to make room for. */
  constructor(bytes: number, expected = 64) {
    this.bytes = bytes;
    this.words = wordsFor(bytes);
    const room = Math.max(16, expected);
    this.ids = new Int32Array(room);
    this.active = new Uint8Array(room);
    this.giveCount = new Uint16Array(room);
    this.pointOf = new Int32Array(room);
    this.placeInPoint = new Int32Array(room);
    this.owned = new Uint32Array(room * this.words);
    this.gives = new Uint32Array(room * this.words);
  }

  get collections() {
    return this.size;
  }

  /** Bytes held by the arrays (the row map and the points aside). */
  get memoryBytes() {
    return this.ids.length * (4 + 1 + 2 + 4 + 4 + 8 * this.words);
  }

  /**
   * Adds or replaces a collector's collection. False when its bitmaps are not the album's length (the
   * album grew since this index was read: the caller reloads it).
   */
  put(row: IndexedCollection): boolean {
    if (row.owned.length !== this.bytes || row.gives.length !== this.bytes) return false;
    let at = this.rowOf.get(row.userId);
    const point = this.pointAt(row.latitude, row.longitude);
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
    let gives = 0;
    for (let word = at * this.words, end = word + this.words; word < end; word++)
      gives += bitCount(this.gives[word] as number);
    this.giveCount[at] = gives;
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
      this.giveCount[at] = this.giveCount[last] as number;
      const point = this.pointOf[last] as number;
      this.pointOf[at] = point;
      this.placeInPoint[at] = this.placeInPoint[last] as number;
      (this.members[point] as Int32Array)[this.placeInPoint[at] as number] = at;
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
    const top = new TopCandidates(query.limit, query.rank);
    const latitudes = latitudeSpan(query.radiusKm);
    // The hot loop reads locals: the arrays are fields that grow() replaces.
    const { gives, owned, giveCount, active, ids } = this;
    for (let point = 0; point < this.pointLat.length; point++) {
      const count = this.memberCount[point] as number;
      const lat = this.pointLat[point] as number;
      // Skips, each a point or a row the rule below would refuse or the ranking would leave out: a point
      // beyond the radius; a row with no swappable double, or too few to beat the 50th (what they give me
      // is at most those), before its bitmaps are read.
      if (count === 0 || Math.abs(lat - query.latitude) > latitudes) continue;
      const distanceKm = greatCircleKm(query.latitude, query.longitude, lat, this.pointLon[point] as number);
      if (!(distanceKm <= query.radiusKm)) continue;
      const rows = this.members[point] as Int32Array;
      for (let member = 0; member < count; member++) {
        const at = rows[member] as number;
        const theirGives = giveCount[at] as number;
        if (theirGives === 0) continue;
        const userId = ids[at] as number;
        if (!top.admits(Math.min(theirGives, myGiveCount), theirGives, distanceKm, userId)) continue;
        const base = at * words;
        let theyGive = 0;
        for (let word = 0; word < words; word++) {
          const bits = ((gives[base + word] as number) & (myNotOwned[word] as number)) >>> 0;
          theyGive += (BITS_IN_16[bits & 0xffff] as number) + (BITS_IN_16[bits >>> 16] as number);
        }
        if (!couldSeeInSearch({ userId, active: active[at] === 1, distanceKm, theyGive }, query)) continue;
        if (!top.admits(Math.min(theyGive, myGiveCount), theyGive, distanceKm, userId)) continue;
        let iGive = 0;
        for (let word = 0; word < words; word++) {
          const bits = ((myGives[word] as number) & ~(owned[base + word] as number)) >>> 0;
          iGive += (BITS_IN_16[bits & 0xffff] as number) + (BITS_IN_16[bits >>> 16] as number);
        }
        top.add({ at, userId, swaps: Math.min(theyGive, iGive), theyGive, iGive, distanceKm });
      }
    }
    const candidates = top.best().map(({ at, userId, theyGive, iGive, distanceKm }) => {
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
      return { userId, distanceKm, theyGive, iGive, theyGiveSlots, iGiveSlots };
    });
    return { myOwned, myGives: myGiveCount, candidates };
  }

  /**
   * Read-only views for figures over the active collectors within `radiusKm` of a point (swap-cycles.ts):
   * the arrays as they are now (row `at` at `at * words`), my row if I collect the album, and `visit`,
   * which calls `see` with each of their rows until it returns false.
   */
  rowsWithin(latitude: number, longitude: number, radiusKm: number, userId: number) {
    const latitudes = latitudeSpan(radiusKm);
    const visit = (see: (at: number) => boolean) => {
      for (let point = 0; point < this.pointLat.length; point++) {
        const lat = this.pointLat[point] as number;
        if (Math.abs(lat - latitude) > latitudes) continue;
        if (!(greatCircleKm(latitude, longitude, lat, this.pointLon[point] as number) <= radiusKm)) continue;
        const members = this.members[point] as Int32Array;
        for (let member = 0; member < (this.memberCount[point] as number); member++) {
          const at = members[member] as number;
          if (this.active[at] === 1 && !see(at)) return;
        }
      }
    };
    const { words, owned, gives, ids } = this;
    return { visit, words, owned, gives, ids, mine: this.rowOf.get(userId) };
  }

  /**
   * Puts the rows in place order, each place's rows one after the other, and gives back the room left
   * for growth: a search walks its places' rows as a sequential read instead of one cache miss per
   * row (rows are in the order they were read, scattered over the arrays). Rows put later go at the end,
   * in a room of 1/32 more.
   */
  compact() {
    const { words, size } = this;
    const room = size + Math.max(16, size >> 5);
    // The new row of each old one, and the places' member lists renumbered.
    const from = new Int32Array(size);
    let next = 0;
    for (let point = 0; point < this.pointLat.length; point++) {
      const rows = this.members[point] as Int32Array;
      const count = this.memberCount[point] as number;
      const placed = new Int32Array(Math.max(4, count));
      for (let member = 0; member < count; member++) {
        from[next] = rows[member] as number;
        placed[member] = next++;
      }
      this.members[point] = placed;
    }
    // One array at a time: the memory in use grows by one array's size at most.
    const moved = <T extends Int32Array | Uint8Array | Uint16Array | Uint32Array>(
      array: T,
      make: (length: number) => T,
      width = 1,
    ) => {
      const next = make(room * width);
      for (let to = 0; to < size; to++) {
        const at = (from[to] as number) * width;
        if (width === 1) next[to] = array[at] as number;
        else next.set(array.subarray(at, at + width), to * width);
      }
      return next;
    };
    this.ids = moved(this.ids, (n) => new Int32Array(n));
    this.active = moved(this.active, (n) => new Uint8Array(n));
    this.giveCount = moved(this.giveCount, (n) => new Uint16Array(n));
    this.pointOf = moved(this.pointOf, (n) => new Int32Array(n));
    this.placeInPoint = moved(this.placeInPoint, (n) => new Int32Array(n));
    this.owned = moved(this.owned, (n) => new Uint32Array(n), words);
    this.gives = moved(this.gives, (n) => new Uint32Array(n), words);
    for (let to = 0; to < size; to++) this.rowOf.set(this.ids[to] as number, to);
  }

  private pointAt(latitude: number, longitude: number) {
    const place = `${latitude},${longitude}`;
    let point = this.pointByPlace.get(place);
    if (point === undefined) {
      point = this.pointLat.length;
      this.pointByPlace.set(place, point);
      this.pointLat.push(latitude);
      this.pointLon.push(longitude);
      this.members.push(new Int32Array(4));
      this.memberCount.push(0);
    }
    return point;
  }

  private join(at: number, point: number) {
    let rows = this.members[point] as Int32Array;
    const count = this.memberCount[point] as number;
    if (count === rows.length) {
      const larger = new Int32Array(rows.length * 2);
      larger.set(rows);
      this.members[point] = rows = larger;
    }
    rows[count] = at;
    this.memberCount[point] = count + 1;
    this.pointOf[at] = point;
    this.placeInPoint[at] = count;
  }

  private leave(at: number) {
    const point = this.pointOf[at] as number;
    const rows = this.members[point] as Int32Array;
    const last = (this.memberCount[point] as number) - 1;
    const place = this.placeInPoint[at] as number;
    const moved = rows[last] as number;
    rows[place] = moved;
    this.placeInPoint[moved] = place;
    this.memberCount[point] = last;
  }

  private grow() {
    const room = Math.ceil(this.ids.length * 1.5);
    const larger = <T extends Int32Array | Uint8Array | Uint16Array | Uint32Array>(
      array: T,
      make: (length: number) => T,
      length: number,
    ) => {
      const next = make(length);
      next.set(array);
      return next;
    };
    this.ids = larger(this.ids, (n) => new Int32Array(n), room);
    this.active = larger(this.active, (n) => new Uint8Array(n), room);
    this.giveCount = larger(this.giveCount, (n) => new Uint16Array(n), room);
    this.pointOf = larger(this.pointOf, (n) => new Int32Array(n), room);
    this.placeInPoint = larger(this.placeInPoint, (n) => new Int32Array(n), room);
    this.owned = larger(this.owned, (n) => new Uint32Array(n), room * this.words);
    this.gives = larger(this.gives, (n) => new Uint32Array(n), room * this.words);
  }
}
