/**
 * What the app's thread (match-index.ts) and the match index's thread (index-worker.ts) say to each other.
 */
import type { ListenWatchdogTimes } from '../db-events/listen-watchdog.ts';
import type { DescribedIndexAnswer } from './described-index-answer.ts';
import type { AskedIndexQuery } from './index-query.ts';
import type { SwapReach } from './swap-cycles.ts';

export type WorkerRequest =
  | { type: 'search'; id: number; albumId: number; query: AskedIndexQuery; named: number }
  | { type: 'load'; albumId: number }
  | { type: 'close' };

/** What the app (and a test) may change; the defaults are index-worker.ts' constants. */
export type WorkerOptions = {
  idleMs?: number;
  rereadJitterMs?: number;
  listenWatchdog?: ListenWatchdogTimes;
  /**
   * At start, read the albums any server searched within the idle time (album-use.ts, decision 042);
   * 'warm' follows once they are in memory. Without it (tests of what is read when), 'warm' comes at once.
   */
  warmStart?: boolean;
};

/** How long a search's parts took in the worker, in ms (match-index.ts adds its wait for the worker). */
export type SearchPhases = { sync: number; scan: number; describe: number };

export type WorkerReply =
  | { type: 'answer'; id: number; answer: DescribedIndexAnswer | null; phases?: SearchPhases }
  | {
      type: 'loaded';
      albumId: number;
      collections: number;
      ms: number;
      memoryBytes: number;
      heapBytes: number;
    }
  /** A whole read begins; the album answers from SQL until its 'loaded'. */
  | { type: 'reading'; albumId: number }
  /** No longer in memory: nobody searched it for `idleMs`, or the LISTEN connection was lost. */
  | { type: 'dropped'; albumId: number; why: 'idle' | 'connection' }
  | { type: 'warning'; message: string }
  /** The LISTEN connection's heartbeat came back late: it was replaced (listen-watchdog.ts). */
  | { type: 'stalled'; message: string }
  /** The albums searched lately on any server are in memory here (or could not be read). */
  | { type: 'warm' }
  /** One search in REACH_EVERY: what 1:1 and three-way swaps could get the searcher (swap-cycles.ts). */
  | { type: 'reach'; reach: SwapReach };
