/**
 * The match index's thread (docs/decisions/018): every album's collections in memory, read from
 * PostgreSQL at start and kept current by the `collection_changed` notifications its trigger sends on
 * every commit that touches a collection. Answers searches on messages from the app's thread.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import {
  AlbumIndex,
  type IndexAnswer,
  type IndexCandidate,
  type IndexedCollection,
  type IndexQuery,
} from './album-index.ts';
import { nameSlots, type StickerNames, stickerNames } from './album-slots.ts';
import { type CandidateRow, candidateRowsSql } from './candidate-rows.ts';

export const CHANGED_CHANNEL = 'collection_changed';
export const SYNC_CHANNEL = 'match_index_sync';

export type WorkerRequest =
  | { type: 'search'; id: number; albumId: number; query: Omit<IndexQuery, 'blocked'>; named: number }
  | { type: 'close' };

/** A candidate with the first stickers of each list named, in natural number order, and who they are. */
export type NamedCandidate = IndexCandidate & {
  theyGiveNumbers: string[];
  iGiveNumbers: string[];
  row: CandidateRow;
};
/** The index's answer with the album's sticker count and the candidates' stickers named. */
export type NamedAnswer = Omit<IndexAnswer, 'candidates'> & {
  stickers: number;
  candidates: NamedCandidate[];
};

export type WorkerReply =
  | { type: 'answer'; id: number; answer: NamedAnswer | null }
  | {
      type: 'loaded';
      albumId: number;
      collections: number;
      ms: number;
      memoryBytes: number;
      heapBytes: number;
    }
  | { type: 'warning'; message: string };

/** Rows read per round trip while loading an album. */
const LOAD_BATCH = 20_000;
/** A change is re-read this long after its notification at most (the search syncs at once). */
const FLUSH_DELAY_MS = 50;
const SYNC_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 1_000;

const CANDIDATE_ROWS = candidateRowsSql((n) => `$${n}`);

const COLUMNS = `user_id, active, latitude, longitude,
  substring(varbit_send(owned) from 5) as owned, substring(varbit_send(doubles & ~reserved) from 5) as gives`;

type Row = {
  user_id: number;
  active: boolean;
  latitude: number;
  longitude: number;
  owned: Buffer;
  gives: Buffer;
};

type Album = {
  /** Undefined while it is being read (searches fall back to SQL). */
  index: AlbumIndex | undefined;
  names: StickerNames;
  /** Its stickers changed since they were read. */
  stickersChanged: boolean;
  /** Collectors whose rows changed since they were read. */
  changed: Set<number>;
  /** Read it all again once the current read ends. */
  reloadAgain: boolean;
  loading: boolean;
};

const toCollection = (row: Row): IndexedCollection => ({
  userId: row.user_id,
  active: row.active,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  owned: row.owned,
  gives: row.gives,
});

function startIndexWorker(databaseUrl: string, post: (reply: WorkerReply) => void) {
  // Its writes are NOTIFYs alone (the sync below): none needs to wait for the WAL to reach the disk.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, options: '-c synchronous_commit=off' });
  pool.on('error', () => undefined);
  const albums = new Map<number, Album>();
  const syncWaiters = new Map<string, () => void>();
  let listener: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  let syncCount = 0;

  async function listen() {
    while (!closed) {
      const client = new pg.Client({ connectionString: databaseUrl });
      // A lost connection ends the wait below; this keeps its 'error' from ending the thread.
      client.on('error', () => undefined);
      try {
        await client.connect();
        client.on('notification', ({ channel, payload }) => onNotification(channel, payload ?? ''));
        await client.query(`listen ${CHANGED_CHANNEL}`);
        await client.query(`listen ${SYNC_CHANNEL}`);
        listener = client;
        // Whatever changed while nobody listened is unknown: read every album again (a read begun
        // before is not installed), and answer only then.
        const { rows } = await pool.query<{ id: number }>('select id from album order by id');
        for (const { id } of rows) reload(id);
        listening = true;
        await new Promise<void>((resolve) => {
          client.once('error', () => resolve());
          client.once('end', () => resolve());
        });
      } catch (error) {
        if (!closed) post({ type: 'warning', message: `match index: ${(error as Error).message}` });
      }
      listening = false;
      listener = undefined;
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
      for (const album of albums.values()) album.index = undefined;
      if (!closed) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  }

  function onNotification(channel: string, payload: string) {
    if (channel === SYNC_CHANNEL) {
      syncWaiters.get(payload)?.();
      return;
    }
    const colon = payload.indexOf(':');
    const albumId = Number(payload.slice(0, colon));
    if (!Number.isInteger(albumId)) return;
    const users = payload.slice(colon + 1);
    const album = albums.get(albumId);
    if (users === '*' || !album) {
      reload(albumId);
      return;
    }
    if (users === '#') album.stickersChanged = true;
    else for (const user of users.split(',')) album.changed.add(Number(user));
    flushSoon();
  }

  function flushSoon() {
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, FLUSH_DELAY_MS);
  }

  /** Reads an album whole, in one snapshot; searches fall back to SQL meanwhile. */
  function reload(albumId: number) {
    let album = albums.get(albumId);
    if (!album) {
      album = {
        index: undefined,
        names: { inOrder: [], placeOf: new Map() },
        stickersChanged: false,
        changed: new Set(),
        reloadAgain: false,
        loading: false,
      };
      albums.set(albumId, album);
    }
    if (album.loading) {
      album.reloadAgain = true;
      return;
    }
    album.loading = true;
    album.index = undefined;
    const current = album;
    void (async () => {
      do {
        current.reloadAgain = false;
        try {
          const started = performance.now();
          const loaded = await load(albumId);
          if (!loaded) {
            albums.delete(albumId);
            return;
          }
          // An 'album:*' that came during this read may be missing from it: only the next read answers.
          if (current.reloadAgain) continue;
          const { index } = loaded;
          current.names = loaded.names;
          current.stickersChanged = false;
          current.index = index;
          post({
            type: 'loaded',
            albumId,
            collections: index.collections,
            ms: Math.round(performance.now() - started),
            memoryBytes: index.memoryBytes,
            heapBytes: getHeapStatistics().used_heap_size,
          });
        } catch (error) {
          current.index = undefined;
          if (!closed)
            post({ type: 'warning', message: `match index, album ${albumId}: ${(error as Error).message}` });
        }
      } while (current.reloadAgain && !closed);
      current.loading = false;
      // Rows that changed while it was read: read them again (reading twice changes nothing).
      if (current.changed.size > 0) void flush();
    })();
  }

  async function readStickerNames(client: pg.Pool | pg.PoolClient, albumId: number): Promise<StickerNames> {
    const { rows } = await client.query<{ slot: number; number: string }>(
      'select slot, number from sticker where album_id = $1',
      [albumId],
    );
    return stickerNames(rows);
  }

  async function load(albumId: number): Promise<{ index: AlbumIndex; names: StickerNames } | undefined> {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ bytes: number; collections: number }>(
        `select (a.slot_capacity + 7) / 8 as bytes, (select count(*)::int from collection c where c.album_id = a.id) as collections
           from album a where a.id = $1`,
        [albumId],
      );
      const album = rows[0];
      if (!album) return undefined;
      const names = await readStickerNames(client, albumId);
      const index = new AlbumIndex(album.bytes, album.collections);
      await client.query(
        `declare album_rows no scroll cursor for select ${COLUMNS} from collection where album_id = $1`,
        [albumId],
      );
      for (;;) {
        const batch = await client.query<Row>(`fetch ${LOAD_BATCH} from album_rows`);
        for (const row of batch.rows)
          if (!index.put(toCollection(row))) throw new Error('bitmap length changed');
        if (batch.rows.length < LOAD_BATCH) break;
      }
      return { index, names };
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }

  /** Re-reads the changed rows of every album that is not being read whole. One flush at a time. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      for (const [albumId, album] of albums) {
        if (!album.loading && album.stickersChanged) {
          album.stickersChanged = false;
          try {
            album.names = await readStickerNames(pool, albumId);
          } catch {
            album.stickersChanged = true;
            reload(albumId);
          }
        }
        const index = album.index;
        if (album.loading || !index || album.changed.size === 0) continue;
        const users = [...album.changed];
        album.changed.clear();
        try {
          const { rows } = await pool.query<Row>({
            name: 'match_index_reread',
            text: `select ${COLUMNS} from collection where album_id = $1 and user_id = any($2::int[])`,
            values: [albumId, users],
          });
          // Read whole meanwhile: these rows may be older than that read, so read them again after it.
          if (album.index !== index) {
            for (const user of users) album.changed.add(user);
            flushSoon();
            continue;
          }
          const found = new Set<number>();
          for (const row of rows) {
            found.add(row.user_id);
            if (!index.put(toCollection(row))) reload(albumId);
          }
          for (const user of users) if (!found.has(user)) index.remove(user);
        } catch (error) {
          // Not read: they are unknown now, and so is the album.
          for (const user of users) album.changed.add(user);
          if (!closed)
            post({ type: 'warning', message: `match index, album ${albumId}: ${(error as Error).message}` });
          reload(albumId);
        }
      }
    });
    return flushing;
  }

  /**
   * Every commit before this call is in the index when it resolves: our own notification comes back
   * after every notification committed before it (PostgreSQL delivers them in commit order), and the
   * flush that follows re-reads what they named. Answers the blocked pairs of the searcher on the way.
   */
  async function sync(userId: number): Promise<Set<number> | undefined> {
    if (!listening) return undefined;
    const token = `${process.pid}.${++syncCount}.${Math.random().toString(36).slice(2)}`;
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      syncWaiters.set(token, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      const { rows } = await pool.query<{ blocked: number[] }>({
        name: 'match_index_sync',
        text: `select pg_notify($1, $2),
                      array(select blocked_id from user_block where blocker_id = $3
                            union select blocker_id from user_block where blocked_id = $3) as blocked`,
        values: [SYNC_CHANNEL, token, userId],
      });
      if (!(await arrived)) return undefined;
      await flush();
      return new Set(rows[0]?.blocked ?? []);
    } finally {
      syncWaiters.delete(token);
    }
  }

  async function search(
    albumId: number,
    query: Omit<IndexQuery, 'blocked'>,
    namedMax: number,
  ): Promise<NamedAnswer | null> {
    const album = albums.get(albumId);
    if (!album) {
      if (listening) reload(albumId);
      return null;
    }
    if (!album.index) return null;
    const blocked = await sync(query.userId);
    const index = album.index;
    if (!blocked || !index || !listening) return null;
    const answer = index.search({ ...query, blocked });
    const rows = new Map<number, CandidateRow>();
    if (answer.candidates.length > 0) {
      const described = await pool.query<CandidateRow>({
        name: 'match_index_candidates',
        text: CANDIDATE_ROWS,
        values: [query.userId, answer.candidates.map((candidate) => candidate.userId).join(',')],
      });
      for (const row of described.rows) rows.set(row.id, row);
    }
    return named(answer, album.names, namedMax, rows);
  }

  /** The answer with the stickers named and who each candidate is (one whose account just went is left out). */
  function named(
    answer: IndexAnswer,
    names: StickerNames,
    max: number,
    rows: Map<number, CandidateRow>,
  ): NamedAnswer {
    return {
      ...answer,
      stickers: names.inOrder.length,
      candidates: answer.candidates.flatMap((candidate) => {
        const row = rows.get(candidate.userId);
        if (!row) return [];
        return [
          {
            ...candidate,
            theyGiveNumbers: nameSlots(names, candidate.theyGiveSlots, max),
            iGiveNumbers: nameSlots(names, candidate.iGiveSlots, max),
            row,
          },
        ];
      }),
    };
  }

  async function close() {
    closed = true;
    if (flushTimer) clearTimeout(flushTimer);
    await listener?.end().catch(() => undefined);
    await flushing.catch(() => undefined);
    await pool.end().catch(() => undefined);
  }

  void listen();
  return { search, close };
}

if (parentPort) {
  const port = parentPort;
  const worker = startIndexWorker((workerData as { databaseUrl: string }).databaseUrl, (reply) =>
    port.postMessage(reply),
  );
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'close') {
      void worker.close().then(() => port.close());
      return;
    }
    worker.search(request.albumId, request.query, request.named).then(
      (answer) => port.postMessage({ type: 'answer', id: request.id, answer } satisfies WorkerReply),
      (error: Error) => {
        port.postMessage({
          type: 'warning',
          message: `match index search: ${error.message}`,
        } satisfies WorkerReply);
        port.postMessage({ type: 'answer', id: request.id, answer: null } satisfies WorkerReply);
      },
    );
  });
}
