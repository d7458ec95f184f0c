/** The swaps' limits in days and counts (docs/decisions/015), apart from the schemas so screens take them without zod. */

/** Days from acceptance for both confirmations, else the swap ends 'non_completato'. */
export const COMPLETION_DAYS = 14;
/** Proposals one collector may have waiting for an answer from another. */
export const OPEN_PROPOSALS_PER_PAIR = 3;
/** Proposals one collector may make in 24 hours. */
export const PROPOSALS_PER_DAY = 30;
/** A swap completed within this many days of an earlier one with the same collector adds no rating. */
export const RATING_INTERVAL_DAYS = 7;
/** Characters of the optional reason given when calling a swap off (it goes into the pair's chat). */
export const CANCEL_REASON_MAX = 300;

/** 'Scambio dal vivo' (docs/decisions/035): stickers on each side of one swap recorded in person. */
export const IN_PERSON_SIDE_MAX = 1_000;
/** A swap recorded in person may be dated at most this far ahead of the server's clock (a phone's drift)… */
export const IN_PERSON_FUTURE_MINUTES = 10;
/** …and at most this far back: a phone offline longer than that no longer records it. */
export const IN_PERSON_PAST_DAYS = 60;
/**
 * Records of swaps made in person that one collector's phone made naming another, not yet recorded by the
 * other's phone, that may be open at once: nobody can fill another's history with one-sided records.
 */
export const OPEN_RECORDS_PER_PAIR = 3;
