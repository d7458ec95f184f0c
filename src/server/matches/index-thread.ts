import type pg from 'pg';
import type { WorkerReply } from './index-worker-messages.ts';

/**
 * What the parts of the match index's thread share (index-worker.ts builds it): the album memory
 * (index-album-memory.ts), the change tracking (index-changes.ts) and the search (index-search.ts).
 */
export type IndexThread = {
  pool: pg.Pool;
  post: (reply: WorkerReply) => void;
  /** The LISTEN connection is up, so what is in memory is kept current. */
  listening: boolean;
  /** Closing: a failure now is no news for the app's log. */
  closed: boolean;
};

/** A warning for the app's log, unless the thread is closing. */
export function warn(thread: IndexThread, message: string) {
  if (!thread.closed) thread.post({ type: 'warning', message });
}
