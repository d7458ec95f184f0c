/**
 * The match index's thread (docs/decisions/018, 038): the collections of the albums searched here in
 * memory, each read from PostgreSQL at its first search and dropped once nobody searched it for a while,
 * kept current by the `collection_changed` notifications its trigger sends on every commit that touches a
 * collection. Answers searches on messages from the app's thread.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { poolConfig } from '../db/connection-config.ts';
import {
  COLLECTION_CHANGED_CHANNEL,
  parseCollectionChange,
} from '../db-events/collection-changed-channel.ts';
import { DEFAULT_LISTEN_WATCHDOG } from '../db-events/listen-watchdog.ts';
import type { AlbumIndex, IndexQuery } from './album-index.ts';
import { ALBUM_USE_EVERY_MS, albumsSearchedWithin, recordAlbumUse } from './album-use.ts';
import { type CandidateRow, candidateRowsSql } from './candidate-rows.ts';
import { type DescribedIndexAnswer, describeIndexAnswer } from './described-index-answer.ts';
import { listenForIndex } from './index-listener.ts';
import { readAlbum, readStickerNames, rereadCollections } from './index-reads.ts';
import type { SearchPhases, WorkerOptions, WorkerReply, WorkerRequest } from './index-worker-messages.ts';
import type { StickerNames } from './slot-numbers.ts';
import { slotMask, swapReach } from './swap-cycles.ts';
import { SYNC_CHANNEL, syncBarrier } from './sync-barrier.ts';

/** A change is re-read this long after its notification at most (the search syncs at once). */
const FLUSH_DELAY_MS = 50;
/** One search in this many is measured for swap-cycles.ts, after its answer is sent. */
const REACH_EVERY = 20;
/** An album nobody searched for this long leaves memory; its next search reads it again. */
const IDLE_MS = 30 * 60_000;
/**
 * After a lost connection the albums that were in memory are read again one after the other, each after
 * a random pause of up to this: app servers that lost the database together do not all read at once.
 */
const REREAD_JITTER_MS = 2_000;

const CANDIDATE_ROWS = candidateRowsSql((n) => `$${n}`);

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
  /** Waiting for its turn to be read whole, or being read. */
  loading: boolean;
  /** performance.now() of its last search, for the idle time. */
  searchedAt: number;
};

function startIndexWorker(
  databaseUrl: string,
  post: (reply: WorkerReply) => void,
  {
    idleMs = IDLE_MS,
    rereadJitterMs = REREAD_JITTER_MS,
    listenWatchdog = DEFAULT_LISTEN_WATCHDOG,
    warmStart = false,
  }: WorkerOptions = {},
) {
  // Its writes are NOTIFYs alone (the sync below): none needs to wait for the WAL to reach the disk.
  const pool = new pg.Pool({ ...poolConfig(databaseUrl, 'index', 3), options: '-c synchronous_commit=off' });
  pool.on('error', () => undefined);
  const albums = new Map<number, Album>();
  const barrier = syncBarrier(pool);
  let listening = false;
  let closed = false;
  let searches = 0;
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  /** Whole reads, one at a time: the database serves one album's scan per app server. */
  let reads: Promise<void> = Promise.resolve();
  const idleSweep = setInterval(dropIdle, Math.max(10, Math.min(60_000, idleMs / 4)));
  /** When this server last wrote each album's use (performance.now()). */
  const useRecorded = new Map<number, number>();
  let warmed = false;

  function onNotification(channel: string, payload: string) {
    if (channel === SYNC_CHANNEL) {
      barrier.arrived(payload);
      return;
    }
    if (channel !== COLLECTION_CHANGED_CHANNEL) return;
    const change = parseCollectionChange(payload);
    if (!change) return;
    const album = albums.get(change.albumId);
    // An album not in memory is read whole at its first search: nothing to keep current.
    if (!album) return;
    if (change.kind === 'album') {
      reload(change.albumId);
      return;
    }
    if (change.kind === 'stickers') album.stickersChanged = true;
    else for (const userId of change.userIds) album.changed.add(userId);
    flushSoon();
  }

  function flushSoon() {
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, FLUSH_DELAY_MS);
  }

  /**
   * Reads an album whole, in one snapshot, after the reads queued before it and a random pause of up to
   * `jitterMs`; searches fall back to SQL meanwhile.
   */
  function reload(albumId: number, jitterMs = 0) {
    const album = albumEntry(albumId);
    if (album.loading) {
      album.reloadAgain = true;
      return;
    }
    album.loading = true;
    album.index = undefined;
    const current = album;
    reads = reads
      .then(async () => {
        if (jitterMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * jitterMs));
        if (albums.get(albumId) !== current) return;
        do {
          current.reloadAgain = false;
          try {
            const started = performance.now();
            post({ type: 'reading', albumId });
            const loaded = await readAlbum(pool, albumId);
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
              post({
                type: 'warning',
                message: `match index, album ${albumId}: ${(error as Error).message}`,
              });
          }
        } while (current.reloadAgain && !closed);
        current.loading = false;
        // Rows that changed while it was read: read them again (reading twice changes nothing).
        if (current.changed.size > 0) void flush();
      })
      .catch(() => undefined);
  }

  function albumEntry(albumId: number): Album {
    let album = albums.get(albumId);
    if (!album) {
      album = {
        index: undefined,
        names: { inOrder: [], placeOf: new Map() },
        stickersChanged: false,
        changed: new Set(),
        reloadAgain: false,
        loading: false,
        searchedAt: performance.now(),
      };
      albums.set(albumId, album);
    }
    return album;
  }

  /** A search of the album: it stays in memory, or is read now (once listening: else at the connection). */
  function searched(albumId: number): Album {
    const known = albums.has(albumId);
    const album = albumEntry(albumId);
    album.searchedAt = performance.now();
    if (!known && listening) reload(albumId);
    return album;
  }

  /**
   * A search answered from memory (so of an album that exists, whatever ids a client sends): its use is
   * written for the next servers' warm start, once a minute at most, failed or not.
   */
  function recordUse(albumId: number) {
    const now = performance.now();
    const recorded = useRecorded.get(albumId);
    if (recorded !== undefined && now - recorded < ALBUM_USE_EVERY_MS) return;
    useRecorded.set(albumId, now);
    recordAlbumUse(pool, albumId).catch((error: Error) => {
      if (!closed) post({ type: 'warning', message: `match index, album ${albumId} use: ${error.message}` });
    });
  }

  /**
   * The first time it listens: the albums any server searched within the idle time are read, one at a
   * time, the most recent first, and 'warm' is posted once they are in memory (or could not be read).
   */
  async function warmUp() {
    if (warmed) return;
    warmed = true;
    try {
      if (warmStart) {
        for (const albumId of await albumsSearchedWithin(pool, idleMs))
          if (!albums.has(albumId)) reload(albumId);
        await reads;
      }
    } catch (error) {
      if (!closed) post({ type: 'warning', message: `match index warm start: ${(error as Error).message}` });
    }
    if (!closed) post({ type: 'warm' });
  }

  /**
   * Drops the albums that nobody searched for `idleMs`: not one being read, nor one waiting for the
   * connection to be read.
   */
  function dropIdle() {
    const now = performance.now();
    for (const [albumId, album] of albums) {
      if (album.loading || (!listening && !album.index) || now - album.searchedAt < idleMs) continue;
      albums.delete(albumId);
      if (album.index) post({ type: 'dropped', albumId, why: 'idle' });
      album.index = undefined;
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
          const rows = await rereadCollections(pool, albumId, users);
          // Read whole meanwhile: these rows may be older than that read, so read them again after it.
          if (album.index !== index) {
            for (const user of users) album.changed.add(user);
            flushSoon();
            continue;
          }
          const found = new Set<number>();
          for (const row of rows) {
            found.add(row.userId);
            if (!index.put(row)) reload(albumId);
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
   * Every commit before this call is in the index when it resolves: the barrier is passed once every
   * notification committed before it has arrived, and the flush that follows re-reads what they named.
   * Answers the blocked pairs of the searcher on the way.
   */
  async function sync(userId: number): Promise<Set<number> | undefined> {
    if (!listening) return undefined;
    const blocked = await barrier.pass(userId);
    if (blocked) await flush();
    return blocked;
  }

  async function search(
    albumId: number,
    query: Omit<IndexQuery, 'blocked'>,
    namedMax: number,
  ): Promise<{ answer: DescribedIndexAnswer; phases: SearchPhases } | null> {
    const album = searched(albumId);
    if (!album.index) return null;
    const started = performance.now();
    const blocked = await sync(query.userId);
    const index = album.index;
    if (!blocked || !index || !listening) return null;
    const synced = performance.now();
    const answer = index.search({ ...query, blocked });
    const scanned = performance.now();
    recordUse(albumId);
    if (++searches % REACH_EVERY === 0) {
      const stickers = slotMask(album.names.placeOf.keys(), index.words);
      setImmediate(() => post({ type: 'reach', reach: swapReach(index, { ...query, blocked }, stickers) }));
    }
    const rows = new Map<number, CandidateRow>();
    if (answer.candidates.length > 0) {
      const found = await pool.query<CandidateRow>({
        name: 'match_index_candidates',
        text: CANDIDATE_ROWS,
        values: [query.userId, answer.candidates.map((candidate) => candidate.userId).join(',')],
      });
      for (const row of found.rows) rows.set(row.id, row);
    }
    const described = describeIndexAnswer(answer, album.names, namedMax, rows);
    const phases = { sync: synced - started, scan: scanned - synced, describe: performance.now() - scanned };
    return { answer: described, phases };
  }

  async function close() {
    closed = true;
    clearInterval(idleSweep);
    if (flushTimer) clearTimeout(flushTimer);
    await listener.stop();
    await flushing.catch(() => undefined);
    await pool.end().catch(() => undefined);
  }

  const listener = listenForIndex(databaseUrl, pool, listenWatchdog, {
    notification: onNotification,
    listening: (reconnected) => {
      // Whatever changed while nobody listened is unknown: the albums that were in memory are read again
      // (a read begun before is not installed), the most recently searched first, each after a random
      // pause. The others are read at their first search.
      const known = [...albums.entries()].sort(([, a], [, b]) => b.searchedAt - a.searchedAt);
      for (const [id] of known) reload(id, reconnected ? rereadJitterMs : 0);
      listening = true;
      void warmUp();
    },
    lost: () => {
      listening = false;
      for (const [albumId, album] of albums) {
        if (album.index) post({ type: 'dropped', albumId, why: 'connection' });
        album.index = undefined;
      }
    },
    stalled: (message) => post({ type: 'stalled', message }),
    warning: (message) => {
      if (!closed) post({ type: 'warning', message });
    },
  });
  // `load`: an album read as at its first search (tests and benchmarks: `MatchIndex.load`).
  return { search, load: searched, close };
}

if (parentPort) {
  const port = parentPort;
  const { databaseUrl, options } = workerData as { databaseUrl: string; options?: WorkerOptions };
  const worker = startIndexWorker(databaseUrl, (reply) => port.postMessage(reply), options);
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'close') {
      void worker.close().then(() => port.close());
      return;
    }
    if (request.type === 'load') {
      worker.load(request.albumId);
      return;
    }
    worker.search(request.albumId, request.query, request.named).then(
      (found) =>
        port.postMessage({
          type: 'answer',
          id: request.id,
          answer: found?.answer ?? null,
          phases: found?.phases,
        } satisfies WorkerReply),
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
