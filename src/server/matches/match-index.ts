import { Worker } from 'node:worker_threads';
import type { DescribedIndexAnswer } from './described-index-answer.ts';
import type { AskedIndexQuery } from './index-query.ts';
import type { SearchPhases, WorkerOptions, WorkerReply, WorkerRequest } from './index-worker-messages.ts';
import type { SwapReach } from './swap-cycles.ts';

const RESTART_MS = 1_000;
/** A search not answered in this time goes to SQL (the worker may be held up by a lock, a slow query). */
const ANSWER_MS = 2_000;
const CLOSE_MS = 2_000;
/** Events kept for `history()`. */
const HISTORY_MAX = 1_000;
/**
 * A thread still reading the albums searched lately this long after its start counts as warm anyway:
 * whatever it has not read by then is read at its first search, as always.
 */
const WARM_MAX_MS = 120_000;
/** Samples of reach, and of search times, kept for the next scrape at most. */
const SAMPLES_KEPT = 1_000;

/**
 * Where an answered search's time went, in ms: the worker's parts (index-worker.ts) and `thread`, the rest
 * of the time from the question to the answer here (waiting for the worker, the messages between threads).
 */
export type SearchTimes = SearchPhases & { thread: number };

export type MatchIndex = {
  /**
   * The best candidates of an album for me, from memory, with every commit made before the call in it,
   * the first `named` stickers of each list named (all of them by default).
   * Undefined when the index cannot answer for that album now (being read, connection lost): the caller
   * searches in SQL.
   */
  search(albumId: number, query: AskedIndexQuery, named?: number): Promise<DescribedIndexAnswer | undefined>;
  /**
   * Whether the albums any server searched lately (decision 042) are in memory here, or the thread has
   * tried for WARM_MAX_MS: `/api/ready/warm`, for a rolling deploy's load balancer.
   */
  warm(): boolean;
  /** Resolves once the album is in memory, read whole (benchmarks and tests). */
  loaded(
    albumId: number,
  ): Promise<{ collections: number; ms: number; memoryBytes: number; heapBytes: number }>;
  /** Asks for the album as a first search would (benchmarks and tests; `loaded` says when it is read). */
  load(albumId: number): void;
  /** Resolves at the album's next leaving memory (tests). */
  dropped(albumId: number): Promise<'idle' | 'connection'>;
  /** The whole reads begun and ended and the albums dropped, in order, since the start (tests). */
  history(): readonly IndexEvent[];
  /**
   * For the metrics: whether the thread runs, and the albums in memory with their collections and bytes
   * as of each album's last whole read (rows changed since are not counted again).
   */
  stats(): {
    running: boolean;
    albums: number;
    collections: number;
    memoryBytes: number;
    /** Its LISTEN connection found stalled and replaced, since the start. */
    listenerStalls: number;
    /** Albums read whole from the database since the start (each first search, each reload). */
    albumReads: number;
  };
  /** The sampled searches' reach (swap-cycles.ts) since the last call, at most SAMPLES_KEPT of them. */
  takeSwapReach(): SwapReach[];
  /** The answered searches' times since the last call, at most SAMPLES_KEPT of them. */
  takeSearchTimes(): SearchTimes[];
  close(): Promise<void>;
};

type Loaded = Extract<WorkerReply, { type: 'loaded' }>;
type Dropped = Extract<WorkerReply, { type: 'dropped' }>;
export type IndexEvent = { albumId: number; event: 'reading' | 'loaded' | 'dropped' };
/** What `node --watch` makes a worker post about the modules it loads: `{ 'watch:import': [urls] }`. */
type WatchReport = Record<`watch:${string}`, unknown>;

/**
 * The match index of this app server (docs/decisions/018, 038, 042): a worker thread that holds the
 * collections of the albums searched here and answers searches, so a search's bit counting never holds
 * up this thread's requests. A worker that dies is started again; meanwhile searches go to SQL.
 * `options` set its LISTEN connection's watchdog (listen-watchdog.ts), whether it starts by reading the
 * albums searched lately (the server's does), and for tests the worker's idle time and re-read jitter.
 */
export function startMatchIndex(
  databaseUrl: string,
  warn: (message: string) => void,
  options: WorkerOptions = {},
): MatchIndex {
  let worker: Worker | undefined;
  let closing = false;
  let nextId = 0;
  const pending = new Map<
    number,
    (answer: DescribedIndexAnswer | undefined, phases?: SearchPhases) => void
  >();
  const loaded = new Map<number, Loaded>();
  const loadWaiters = new Map<number, ((loaded: Loaded) => void)[]>();
  let listenerStalls = 0;
  let albumReads = 0;
  let warmed = false;
  let threadStarted = 0;
  let reach: SwapReach[] = [];
  let searchTimes: SearchTimes[] = [];
  const dropWaiters = new Map<number, ((why: Dropped['why']) => void)[]>();
  const events: IndexEvent[] = [];
  const remember = (event: IndexEvent) => {
    events.push(event);
    if (events.length > HISTORY_MAX) events.shift();
  };

  function start() {
    const thread = new Worker(new URL('./index-worker.ts', import.meta.url), {
      workerData: { databaseUrl, options },
    });
    thread.on('message', (reply: WorkerReply | WatchReport) => {
      if (!('type' in reply)) {
        // Under `node --watch` (npm run dev) Node hands the worker's module list to this thread instead of
        // the watcher: passed on, so an edit to a file only the worker loads restarts the server too.
        process.send?.(reply);
        return;
      }
      if (reply.type === 'answer') {
        pending.get(reply.id)?.(reply.answer ?? undefined, reply.phases);
        pending.delete(reply.id);
      } else if (reply.type === 'loaded') {
        loaded.set(reply.albumId, reply);
        albumReads++;
        remember({ albumId: reply.albumId, event: 'loaded' });
        for (const resolve of loadWaiters.get(reply.albumId) ?? []) resolve(reply);
        loadWaiters.delete(reply.albumId);
      } else if (reply.type === 'reading' || reply.type === 'dropped') {
        loaded.delete(reply.albumId);
        remember({ albumId: reply.albumId, event: reply.type });
        if (reply.type === 'dropped') {
          for (const resolve of dropWaiters.get(reply.albumId) ?? []) resolve(reply.why);
          dropWaiters.delete(reply.albumId);
        }
      } else if (reply.type === 'warm') {
        warmed = true;
      } else if (reply.type === 'stalled') {
        listenerStalls++;
        warn(reply.message);
      } else if (reply.type === 'reach') {
        if (reach.length < SAMPLES_KEPT) reach.push(reply.reach);
      } else if (reply.type === 'warning') warn(reply.message);
    });
    thread.on('error', (error) => warn(`match index thread: ${error.message}`));
    thread.on('exit', () => {
      for (const resolve of pending.values()) resolve(undefined);
      pending.clear();
      // A new thread starts empty: its albums are read at their next search.
      loaded.clear();
      worker = undefined;
      if (!closing) setTimeout(() => closing || start(), RESTART_MS).unref();
    });
    worker = thread;
    warmed = !options.warmStart;
    threadStarted = performance.now();
  }
  start();

  return {
    search(albumId, query, named = Number.POSITIVE_INFINITY) {
      const thread = worker;
      if (!thread) return Promise.resolve(undefined);
      const id = ++nextId;
      const asked = performance.now();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(undefined);
        }, ANSWER_MS);
        pending.set(id, (answer, phases) => {
          clearTimeout(timer);
          if (answer && phases && searchTimes.length < SAMPLES_KEPT) {
            const worked = phases.sync + phases.scan + phases.describe;
            searchTimes.push({ ...phases, thread: Math.max(0, performance.now() - asked - worked) });
          }
          resolve(answer);
        });
        thread.postMessage({ type: 'search', id, albumId, query, named } satisfies WorkerRequest);
      });
    },
    warm() {
      return worker !== undefined && (warmed || performance.now() - threadStarted > WARM_MAX_MS);
    },
    loaded(albumId) {
      const done = loaded.get(albumId);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) =>
        loadWaiters.set(albumId, [...(loadWaiters.get(albumId) ?? []), resolve]),
      );
    },
    load(albumId) {
      worker?.postMessage({ type: 'load', albumId } satisfies WorkerRequest);
    },
    dropped(albumId) {
      return new Promise((resolve) =>
        dropWaiters.set(albumId, [...(dropWaiters.get(albumId) ?? []), resolve]),
      );
    },
    history() {
      return events;
    },
    stats() {
      let collections = 0;
      let memoryBytes = 0;
      for (const album of loaded.values()) {
        collections += album.collections;
        memoryBytes += album.memoryBytes;
      }
      return {
        running: worker !== undefined,
        albums: loaded.size,
        collections,
        memoryBytes,
        listenerStalls,
        albumReads,
      };
    },
    takeSwapReach() {
      const taken = reach;
      reach = [];
      return taken;
    },
    takeSearchTimes() {
      const taken = searchTimes;
      searchTimes = [];
      return taken;
    },
    async close() {
      closing = true;
      const thread = worker;
      if (!thread) return;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.postMessage({ type: 'close' } satisfies WorkerRequest);
      const timer = setTimeout(() => void thread.terminate(), CLOSE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
