/** How long the same error stays "already reported". */
export const BURST_WINDOW_MS = 10_000;

/**
 * Lets an error through once per burst: a render loop or a retried request repeats the same error many
 * times in a few seconds, and one report says all the later ones would. Keys older than the window are
 * forgotten, so a long session does not keep every error it ever saw.
 */
export function createBurstFilter(windowMs = BURST_WINDOW_MS, now: () => number = Date.now) {
  const lastSent = new Map<string, number>();
  return function isFirstInBurst(key: string): boolean {
    const time = now();
    for (const [seen, at] of lastSent) {
      if (time - at >= windowMs) lastSent.delete(seen);
    }
    if (lastSent.has(key)) return false;
    lastSent.set(key, time);
    return true;
  };
}
