/**
 * The album index's row of each collector (album-index.ts): user ids to row numbers in two Int32Arrays,
 * open addressing with linear probing. A Map of a million numbers costs about 60 MB of V8 heap; this
 * holds them in 8 to 16 bytes each, outside the heap the garbage collector walks.
 */
const EMPTY = -1;
/** Fibonacci hashing: spreads the sequential user ids over the table. */
const GOLDEN = 0x9e3779b1;

export class RowOfUser {
  private users: Int32Array;
  private rows: Int32Array;
  private shift: number;
  private count = 0;

  constructor(expected = 16) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.users = new Int32Array(capacity).fill(EMPTY);
    this.rows = new Int32Array(capacity);
    this.shift = 32 - Math.log2(capacity);
  }

  get size() {
    return this.count;
  }

  /** Bytes of the two arrays. */
  get memoryBytes() {
    return this.users.byteLength + this.rows.byteLength;
  }

  get(userId: number): number | undefined {
    const { users } = this;
    const mask = users.length - 1;
    for (let slot = this.slotOf(userId); ; slot = (slot + 1) & mask) {
      const user = users[slot] as number;
      if (user === EMPTY) return undefined;
      if (user === userId) return this.rows[slot];
    }
  }

  /** `userId`: a positive 32-bit integer, as PostgreSQL's serial ids are. */
  set(userId: number, row: number) {
    if ((this.count + 1) * 2 > this.users.length) this.resize(this.users.length * 2);
    const { users } = this;
    const mask = users.length - 1;
    let slot = this.slotOf(userId);
    while (users[slot] !== EMPTY && users[slot] !== userId) slot = (slot + 1) & mask;
    if (users[slot] === EMPTY) this.count++;
    users[slot] = userId;
    this.rows[slot] = row;
  }

  delete(userId: number) {
    const { users, rows } = this;
    const mask = users.length - 1;
    let slot = this.slotOf(userId);
    while (users[slot] !== userId) {
      if (users[slot] === EMPTY) return;
      slot = (slot + 1) & mask;
    }
    // Backward shift (Knuth's algorithm R): each later entry of the run that may move into the hole does.
    let hole = slot;
    for (let next = (hole + 1) & mask; users[next] !== EMPTY; next = (next + 1) & mask) {
      const home = this.slotOf(users[next] as number);
      // It stays when its home lies cyclically in (hole, next].
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      users[hole] = users[next] as number;
      rows[hole] = rows[next] as number;
      hole = next;
    }
    users[hole] = EMPTY;
    this.count--;
  }

  private slotOf(userId: number) {
    return Math.imul(userId, GOLDEN) >>> this.shift;
  }

  private resize(capacity: number) {
    const { users, rows } = this;
    this.users = new Int32Array(capacity).fill(EMPTY);
    this.rows = new Int32Array(capacity);
    this.shift = 32 - Math.log2(capacity);
    this.count = 0;
    for (let slot = 0; slot < users.length; slot++)
      if (users[slot] !== EMPTY) this.set(users[slot] as number, rows[slot] as number);
  }
}
