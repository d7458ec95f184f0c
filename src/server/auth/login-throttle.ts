import type pg from 'pg';
import { attemptCounter, type CountedAttempt } from '../rate-limits.ts';

const MAX_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;

/** What a throttled password check came to: right or wrong, or not checked at all. */
export type ThrottledCheck = { outcome: 'right' | 'wrong' } | { outcome: 'throttled'; waitMinutes: number };

export type LoginThrottle = {
  /**
   * Checks a password only when every counter in `keys` is under the limit (e.g. `nickname:ABC` and
   * `ip:192.0.2.1`, or `device:<nonce>`): the attempt is counted on all of them before `verify` runs.
   */
  check(keys: string[], verify: () => Promise<boolean>): Promise<ThrottledCheck>;
};

/**
 * At most 10 wrong passwords per counter in 15 minutes, whatever the concurrency: each attempt is counted
 * (one atomic upsert in PostgreSQL, shared by every app server) before the slow hash is checked, so
 * parallel requests and tRPC batches cannot all slip past a count read earlier. A refused attempt and a
 * right password are taken back: the counters count wrong passwords actually checked.
 */
export function createLoginThrottle(pool: pg.Pool): LoginThrottle {
  const counter = attemptCounter(pool, 'login', WINDOW_SECONDS);
  const refund = (attempts: CountedAttempt[]) => Promise.all(attempts.map(counter.refund));

  return {
    async check(keys, verify) {
      const attempts = await Promise.all(keys.map((key) => counter.count(key)));
      const over = attempts.filter((attempt) => attempt.count > MAX_FAILURES);
      if (over.length > 0) {
        await refund(attempts);
        const waitMs = Math.max(...over.map((attempt) => attempt.windowEnd)) - Date.now();
        return { outcome: 'throttled', waitMinutes: Math.max(1, Math.ceil(waitMs / 60_000)) };
      }
      if (!(await verify())) return { outcome: 'wrong' };
      await refund(attempts);
      return { outcome: 'right' };
    },
  };
}

/** "1 minuto", "15 minuti": how long a throttled client waits, in the Italian of every 429. */
export function minutesText(minutes: number) {
  return `${minutes} minut${minutes === 1 ? 'o' : 'i'}`;
}
