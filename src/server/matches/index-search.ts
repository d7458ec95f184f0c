/**
 * A search answered from the match index's memory (index-worker.ts): the album's collections scanned once
 * every commit before the search is in (index-changes.ts), the candidates described with their rows.
 */

import { ALBUM_USE_EVERY_MS, recordAlbumUse } from './album-use.ts';
import { type CandidateRow, candidateRowsSql } from './candidate-rows.ts';
import { type DescribedIndexAnswer, describeIndexAnswer } from './described-index-answer.ts';
import type { AlbumMemory } from './index-album-memory.ts';
import type { ChangeTracking } from './index-changes.ts';
import type { AskedIndexQuery } from './index-query.ts';
import { type IndexThread, warn } from './index-thread.ts';
import type { SearchPhases } from './index-worker-messages.ts';
import { slotMask, swapReach } from './swap-cycles.ts';

/** One search in this many is measured for swap-cycles.ts, after its answer is sent. */
const REACH_EVERY = 20;

const CANDIDATE_ROWS = candidateRowsSql((n) => `$${n}`);

export function indexSearch(thread: IndexThread, memory: AlbumMemory, changes: ChangeTracking) {
  let searches = 0;
  /** When this server last wrote each album's use (performance.now()). */
  const useRecorded = new Map<number, number>();

  /**
   * A search answered from memory (so of an album that exists, whatever ids a client sends): its use is
   * written for the next servers' warm start, once a minute at most, failed or not.
   */
  function recordUse(albumId: number) {
    const now = performance.now();
    const recorded = useRecorded.get(albumId);
    if (recorded !== undefined && now - recorded < ALBUM_USE_EVERY_MS) return;
    useRecorded.set(albumId, now);
    recordAlbumUse(thread.pool, albumId).catch((error: Error) => {
      warn(thread, `match index, album ${albumId} use: ${error.message}`);
    });
  }

  /** The answer, or null for the app to ask SQL: the album is not in memory, or the index is not listening. */
  return async function search(
    albumId: number,
    query: AskedIndexQuery,
    namedMax: number,
  ): Promise<{ answer: DescribedIndexAnswer; phases: SearchPhases } | null> {
    const album = memory.searched(albumId);
    if (!album.index) return null;
    const started = performance.now();
    const blocked = await changes.sync(query.userId);
    const index = album.index;
    if (!blocked || !index || !thread.listening) return null;
    const synced = performance.now();
    const answer = index.search({ ...query, blocked, kindOf: album.names.kindOf });
    const scanned = performance.now();
    recordUse(albumId);
    if (++searches % REACH_EVERY === 0) {
      const stickers = slotMask(album.names.placeOf.keys(), index.words);
      setImmediate(() =>
        thread.post({ type: 'reach', reach: swapReach(index, { ...query, blocked }, stickers) }),
      );
    }
    const rows = new Map<number, CandidateRow>();
    if (answer.candidates.length > 0) {
      const found = await thread.pool.query<CandidateRow>({
        name: 'match_index_candidates',
        text: CANDIDATE_ROWS,
        values: [query.userId, answer.candidates.map((candidate) => candidate.userId).join(',')],
      });
      for (const row of found.rows) rows.set(row.id, row);
    }
    const described = describeIndexAnswer(
      answer,
      album.names,
      { max: namedMax, mixKinds: query.mixKinds === true },
      rows,
    );
    const phases = { sync: synced - started, scan: scanned - synced, describe: performance.now() - scanned };
    return { answer: described, phases };
  };
}
