import { isQuietHour, italianDay, nextMorning, outsideQuietHours } from './quiet-hours.ts';

/** Between two checks of a day that told nothing yet. */
export const DIGEST_CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
/** Spread over this after 8:00, so every server's digests do not start at once. */
const MORNING_SPREAD_MS = 45 * 60 * 1000;

export type DigestCandidate = { id: number; nickname: string };

export type DigestPlan = {
  /** Whom to name now (newly able to swap with me both ways), or nothing to send. */
  tell: DigestCandidate[];
  /** Who counts as told from now on: next time, only others are news. */
  told: number[];
  /** When to look again. */
  nextRunAt: Date;
};

const morningAfter = (from: Date, jitter: number) =>
  new Date(nextMorning(from).getTime() + jitter * MORNING_SPREAD_MS);

/**
 * The daily 'Vicino a te' (issue 33) waits, with the clock given: never in the quiet hours (until the
 * morning: delayed, not dropped), at most one per Italian day. Undefined: it may go now. `jitter` (0 to 1)
 * spreads the mornings.
 */
export function digestWait(now: Date, lastSentAt: Date | null, jitter: number): Date | undefined {
  if (isQuietHour(now)) return morningAfter(now, jitter);
  if (lastSentAt && italianDay(lastSentAt) === italianDay(now)) return morningAfter(now, jitter);
  return undefined;
}

/**
 * What the digest says now: the collectors within my radius who have some of my missing stickers and need
 * some of my doubles, read at the time of sending (`mutual`), less those already told. Nothing new, nothing
 * sent: it looks again a few hours later. A burst of changes between two checks makes one digest.
 */
export function planDigest(input: {
  now: Date;
  told: readonly number[];
  mutual: readonly DigestCandidate[];
  jitter: number;
}): DigestPlan {
  const { now, mutual, jitter } = input;
  const told = new Set(input.told);
  const tell = mutual.filter((candidate) => !told.has(candidate.id));
  const ids = mutual.map((candidate) => candidate.id);
  if (tell.length > 0) return { tell, told: ids, nextRunAt: morningAfter(now, jitter) };
  return { tell, told: ids, nextRunAt: outsideQuietHours(new Date(now.getTime() + DIGEST_CHECK_EVERY_MS)) };
}
