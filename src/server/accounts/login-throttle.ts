import type pg from 'pg';
import { postgresLimiter } from '../rate-limits.ts';

const MAX_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;

export type LoginThrottle = {
  /** Minutes to wait when the nickname or the IP has failed too often lately, otherwise undefined. */
  waitMinutes(nickname: string, ip: string): Promise<number | undefined>;
  recordFailure(nickname: string, ip: string): Promise<void>;
  recordSuccess(nickname: string): Promise<void>;
};

/**
 * Counts failed logins per nickname and per IP in PostgreSQL, so every app server sees the same count:
 * after 10 failures within 15 minutes the next attempts are refused until the window has passed.
 */
export function createLoginThrottle(pool: pg.Pool): LoginThrottle {
  const limiter = postgresLimiter(pool, 'login-failure', MAX_FAILURES, WINDOW_SECONDS);
  const keys = (nickname: string, ip: string) => [`nickname:${nickname}`, `ip:${ip}`];

  return {
    async waitMinutes(nickname, ip) {
      const states = await Promise.all(keys(nickname, ip).map((key) => limiter.get(key)));
      const blocked = states.filter((state) => state !== null && state.consumedPoints >= MAX_FAILURES);
      if (blocked.length === 0) return undefined;
      const waitMs = Math.max(...blocked.map((state) => state?.msBeforeNext ?? 0));
      return Math.max(1, Math.ceil(waitMs / 60_000));
    },
    async recordFailure(nickname, ip) {
      await Promise.all(keys(nickname, ip).map((key) => limiter.consume(key).catch(() => undefined)));
    },
    async recordSuccess(nickname) {
      await limiter.delete(`nickname:${nickname}`);
    },
  };
}
