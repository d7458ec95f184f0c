import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export type RateLimit = {
  /** Takes one point for `key`; returns the seconds to wait when the limit is reached, else undefined. */
  take(key: string): Promise<number | undefined>;
};

/** Counters in PostgreSQL (table `rate_limit`), so every app server sees the same: `points` per `seconds`. */
export function postgresLimiter(pool: pg.Pool, keyPrefix: string, points: number, seconds: number) {
  return new RateLimiterPostgres({
    storeClient: pool,
    tableName: 'rate_limit',
    tableCreated: true,
    keyPrefix,
    points,
    duration: seconds,
  });
}

function rateLimit(pool: pg.Pool, keyPrefix: string, points: number, seconds: number): RateLimit {
  const limiter = postgresLimiter(pool, keyPrefix, points, seconds);
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return undefined;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
  };
}

export const MESSAGES_PER_MINUTE = 30;
export const ERROR_REPORTS_PER_MINUTE = 30;

export function createRateLimits(pool: pg.Pool) {
  return {
    /** Chat messages per sender. */
    messages: rateLimit(pool, 'chat-message', MESSAGES_PER_MINUTE, 60),
    /** Automatic error reports per IP. */
    errorReports: rateLimit(pool, 'error-report', ERROR_REPORTS_PER_MINUTE, 60),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
