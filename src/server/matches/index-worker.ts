/**
 * The match index's thread (docs/decisions/018, 038): the collections of the albums searched here in
 * memory, each read from PostgreSQL at its first search and dropped once nobody searched it for a while
 * (index-album-memory.ts), kept current by the `collection_changed` notifications its trigger sends on
 * every commit that touches a collection (index-changes.ts). Answers searches (index-search.ts) on
 * messages from the app's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { poolConfig } from '../db/connection-config.ts';
import { DEFAULT_LISTEN_WATCHDOG } from '../db-events/listen-watchdog.ts';
import { albumMemory } from './index-album-memory.ts';
import { changeTracking } from './index-changes.ts';
import { listenForIndex } from './index-listener.ts';
import { indexSearch } from './index-search.ts';
import { type IndexThread, warn } from './index-thread.ts';
import type { WorkerOptions, WorkerReply, WorkerRequest } from './index-worker-messages.ts';

/** An album nobody searched for this long leaves memory; its next search reads it again. */
const IDLE_MS = 30 * 60_000;
/**
 * After a lost connection the albums that were in memory are read again one after the other, each after
 * a random pause of up to this: app servers that lost the database together do not all read at once.
 */
const REREAD_JITTER_MS = 2_000;

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
  // Its writes are NOTIFYs alone (the sync barrier): none needs to wait for the WAL to reach the disk.
  const pool = new pg.Pool({ ...poolConfig(databaseUrl, 'index', 3), options: '-c synchronous_commit=off' });
  pool.on('error', () => undefined);
  const thread: IndexThread = { pool, post, listening: false, closed: false };
  // The memory tells the change tracking, made with it just below, when a whole read is over.
  const memory = albumMemory(thread, { idleMs, rereadJitterMs, warmStart }, (album) =>
    changes.readEnded(album),
  );
  const changes = changeTracking(thread, memory);
  const search = indexSearch(thread, memory, changes);

  async function close() {
    thread.closed = true;
    memory.stop();
    changes.stop();
    await listener.stop();
    await changes.flushed();
    await pool.end().catch(() => undefined);
  }

  const listener = listenForIndex(databaseUrl, pool, listenWatchdog, {
    notification: changes.onNotification,
    listening: memory.connected,
    lost: memory.lost,
    stalled: (message) => post({ type: 'stalled', message }),
    warning: (message) => warn(thread, message),
  });
  // `load`: an album read as at its first search (tests and benchmarks: `MatchIndex.load`).
  return { search, load: memory.searched, close };
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
