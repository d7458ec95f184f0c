/**
 * The bitmaps the match search counts (docs/decisions/041), in WebAssembly memory: for each row, what
 * they give me and what I give them, counted sixteen bytes at a time by WebAssembly SIMD's byte popcount
 * (bit-scan.wat), about four times the speed of the same loops in JavaScript.
 */
import { readFileSync } from 'node:fs';

const scanModule = new WebAssembly.Module(readFileSync(new URL('./bit-scan.wasm', import.meta.url)));
const PAGE = 65_536;

type Exports = {
  countRows(
    gives: number,
    owned: number,
    vectors: number,
    list: number,
    count: number,
    mask: number,
    mine: number,
    theyGive: number,
    iGive: number,
  ): void;
};

/**
 * Both bitmaps of each row, `words` 32-bit words each (a multiple of 4: whole 16-byte vectors; words
 * past the album's end stay zero), row `at` at `gives[at * words]` and `owned[at * words]`, with the
 * scan's two masks, its list of rows and its answers beside them. The views are made again when the
 * memory grows: read them after `grow`, never keep them across it.
 */
export class ScannedRows {
  readonly words: number;
  /** Each row's free doubles (`doubles & ~reserved`). */
  gives!: Uint32Array;
  owned!: Uint32Array;
  /** The stickers I miss: what `count` ANDs each row's `gives` with. */
  mask!: Uint32Array;
  /** My free doubles: what `count` ANDs with each row's missing stickers. */
  mine!: Uint32Array;
  /** The rows `count` reads, by row number. */
  list!: Int32Array;
  /** `count`'s answers for `list[i]`: `theyGive[i]`, `iGive[i]`. */
  theyGive!: Int32Array;
  iGive!: Int32Array;
  private room: number;
  private readonly memory: WebAssembly.Memory;
  private readonly scan: Exports;

  constructor(words: number, room: number) {
    if (words % 4 !== 0) throw new Error('rows of whole 16-byte vectors');
    this.words = words;
    this.room = room;
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(this.bytesFor(room) / PAGE) });
    const instance = new WebAssembly.Instance(scanModule, { index: { memory: this.memory } });
    this.scan = instance.exports as unknown as Exports;
    this.layout();
  }

  /**
   * Room for `room` rows: the rows keep their bitmaps (`owned` moves up after the larger `gives`), the
   * new ones are zero, the list and answers move after them.
   */
  grow(room: number) {
    // Read before growing: the views' buffer is detached then, and reads offset 0.
    const rowWords = this.room * this.words;
    const ownedAt = this.owned.byteOffset / 4;
    const pages = Math.ceil(this.bytesFor(room) / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (pages > 0) this.memory.grow(pages);
    this.room = room;
    this.layout();
    const all = new Uint32Array(this.memory.buffer);
    all.copyWithin(this.owned.byteOffset / 4, ownedAt, ownedAt + rowWords);
    this.gives.fill(0, rowWords);
    this.owned.fill(0, rowWords);
  }

  /** `theyGive[i]` and `iGive[i]` for row `list[i]`, for each i below `listed`. */
  count(listed: number) {
    this.scan.countRows(
      this.gives.byteOffset,
      this.owned.byteOffset,
      this.words / 4,
      this.list.byteOffset,
      listed,
      this.mask.byteOffset,
      this.mine.byteOffset,
      this.theyGive.byteOffset,
      this.iGive.byteOffset,
    );
  }

  /** Bytes of the memory in use: the rows, the masks, room for the list and answers. */
  get memoryBytes() {
    return this.bytesFor(this.room);
  }

  private bytesFor(room: number) {
    return 2 * this.words * 4 + room * (2 * this.words * 4 + 12);
  }

  private layout() {
    const { buffer } = this.memory;
    const { words, room } = this;
    let at = 0;
    const next = <T>(make: (offset: number, length: number) => T, length: number, bytes: number) => {
      const made = make(at, length);
      at += length * bytes;
      return made;
    };
    const words32 = (offset: number, length: number) => new Uint32Array(buffer, offset, length);
    const ints = (offset: number, length: number) => new Int32Array(buffer, offset, length);
    this.mask = next(words32, words, 4);
    this.mine = next(words32, words, 4);
    this.gives = next(words32, room * words, 4);
    this.owned = next(words32, room * words, 4);
    this.list = next(ints, room, 4);
    this.theyGive = next(ints, room, 4);
    this.iGive = next(ints, room, 4);
  }
}
