/**
 * What a match search asks the index in memory (docs/decisions/018) and what it answers: the contract
 * between the app, the index's thread and its album rows (album-index.ts).
 */
import type { MatchCursor } from '../../rpc/schemas/match-cursor.ts';
import type { MatchRanking } from '../../rpc/schemas/matches.ts';
import type { KindOfSlot } from './index-kinds.ts';

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
  /** The next page: only candidates ranked after this one (match-cursor.ts). */
  after?: MatchCursor;
  /** The album's special and extra slots, swapped like for like (index-kinds.ts); none: all base. */
  kindOf?: KindOfSlot;
  /** My switch 'Scambia anche speciali con normali' (like-for-like-rule.ts). */
  mixKinds?: boolean;
};

/** A query as the app asks it: the worker adds who is blocked and the album's kinds. */
export type AskedIndexQuery = Omit<IndexQuery, 'blocked' | 'kindOf'>;

export type IndexCandidate = {
  userId: number;
  distanceKm: number;
  /** The 1:1 swaps, like for like. */
  swaps: number;
  theyGive: number;
  iGive: number;
  /** Slots of their swappable doubles I miss, and of mine they miss, in slot order. */
  theyGiveSlots: number[];
  iGiveSlots: number[];
};

export type IndexAnswer = { myOwned: number; myGives: number; candidates: IndexCandidate[] };
