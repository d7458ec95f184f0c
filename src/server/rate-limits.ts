import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Env } from './env.ts';

export type RateLimit = {
  /** Takes one point for `key`; returns the seconds to wait when the limit is reached, else undefined. */
  take(key: string): Promise<number | undefined>;
};

/** "5 secondi", "1 secondo": the wait a limit asks for, as a refusal says it. */
export function secondsText(seconds: number) {
  return `${seconds} second${seconds === 1 ? 'o' : 'i'}`;
}

/** Counters in PostgreSQL (table `rate_limit`), so every app server sees the same: `points` per `seconds`. */
function postgresLimiter(pool: pg.Pool, keyPrefix: string, points: number, seconds: number) {
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
  if (points === 0) return { take: async () => undefined };
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

/** One counted attempt: the count it made in its window, and which window that is. */
export type CountedAttempt = { key: string; count: number; windowEnd: number };

/**
 * Attempts per key in fixed windows of `seconds`, in the same `rate_limit` rows. Unlike the limiter above,
 * an attempt can be taken back, and only within the window that counted it: a refund landing after the
 * window has turned over must not hand out a free attempt in the next one.
 */
export function attemptCounter(pool: pg.Pool, keyPrefix: string, seconds: number) {
  return {
    /** Counts one attempt and returns the new count, in one statement, so concurrent attempts all see it. */
    async count(key: string): Promise<CountedAttempt> {
      const fullKey = `${keyPrefix}:${key}`;
      const now = Date.now();
      const { rows } = await pool.query<{ points: number; expire: string }>(
        `insert into rate_limit (key, points, expire) values ($1, 1, $2)
         on conflict (key) do update set
           points = case when rate_limit.expire <= $3 then 1 else rate_limit.points + 1 end,
           expire = case when rate_limit.expire <= $3 then excluded.expire else rate_limit.expire end
         returning points, expire`,
        [fullKey, now + seconds * 1000, now],
      );
      const row = rows[0] as { points: number; expire: string };
      return { key: fullKey, count: row.points, windowEnd: Number(row.expire) };
    },
    /** The count `key` has in its current window, without adding to it (0 when it has none). */
    async peek(key: string): Promise<CountedAttempt> {
      const fullKey = `${keyPrefix}:${key}`;
      const { rows } = await pool.query<{ points: number; expire: string }>(
        'select points, expire from rate_limit where key = $1 and expire > $2',
        [fullKey, Date.now()],
      );
      return { key: fullKey, count: rows[0]?.points ?? 0, windowEnd: Number(rows[0]?.expire ?? 0) };
    },
    async refund(attempt: CountedAttempt): Promise<void> {
      await pool.query(
        'update rate_limit set points = points - 1 where key = $1 and expire = $2 and points > 0',
        [attempt.key, attempt.windowEnd],
      );
    },
  };
}

export const MESSAGES_PER_MINUTE = 30;
export const ERROR_REPORTS_PER_MINUTE = 30;
/** 'Scarica i miei dati' per collector (issue 32): each export reads all of their data. */
export const DATA_EXPORTS_PER_HOUR = 5;
export const RESET_CODE_GUESSES_PER_HOUR = 10;
/** Swaps recorded in person per collector: each phone calls once per swap, again only to retry. */
export const IN_PERSON_RECORDS_PER_HOUR = 60;
export const RESET_CONFIRMS_PER_HOUR = 30;

/** 'Password dimenticata?' requests per IP address and per login as typed (issue 32). */
export const RESET_REQUESTS_PER_IP_PER_HOUR = 20;
export const RESET_REQUESTS_PER_LOGIN_PER_HOUR = 5;

/** Verification mails ('Conferma il tuo indirizzo') per recipient address a day, and per client an hour. */
export const VERIFICATION_MAILS_PER_RECIPIENT_PER_DAY = 3;
export const VERIFICATION_MAILS_PER_IP_PER_HOUR = 10;

export function createRateLimits(pool: pg.Pool, env: Pick<Env, 'REGISTRATION_LIMIT_PER_HOUR'>) {
  return {
    /** Chat messages per sender. */
    messages: rateLimit(pool, 'chat-message', MESSAGES_PER_MINUTE, 60),
    /** Automatic error reports per IP. */
    errorReports: rateLimit(pool, 'error-report', ERROR_REPORTS_PER_MINUTE, 60),
    /** New accounts per IP, counted before the password is hashed; 0 turns the limit off. */
    registrations: rateLimit(pool, 'registration', env.REGISTRATION_LIMIT_PER_HOUR, 60 * 60),
    /** Swaps recorded in person ('Scambio dal vivo', swaps.recordInPerson) per collector. */
    inPersonRecords: rateLimit(pool, 'in-person-record', IN_PERSON_RECORDS_PER_HOUR, 60 * 60),
    /** Data exports ('Scarica i miei dati') per collector. */
    dataExports: rateLimit(pool, 'data-export', DATA_EXPORTS_PER_HOUR, 60 * 60),
    /** Reset requests per IP and per login (nickname or address, whether or not it exists: no enumeration). */
    resetRequestsPerIp: rateLimit(pool, 'reset-request-ip', RESET_REQUESTS_PER_IP_PER_HOUR, 60 * 60),
    resetRequestsPerLogin: rateLimit(pool, 'reset-request-login', RESET_REQUESTS_PER_LOGIN_PER_HOUR, 60 * 60),
    /** Verification mails per recipient (lower-cased, as stored) and per client (issue 43). */
    verificationMailsPerRecipient: rateLimit(
      pool,
      'verify-mail-recipient',
      VERIFICATION_MAILS_PER_RECIPIENT_PER_DAY,
      24 * 60 * 60,
    ),
    verificationMailsPerIp: rateLimit(pool, 'verify-mail-ip', VERIFICATION_MAILS_PER_IP_PER_HOUR, 60 * 60),
    /** Guesses of an admin's reset code, per nickname (issue 32). */
    resetCodeGuesses: rateLimit(pool, 'reset-code-guess', RESET_CODE_GUESSES_PER_HOUR, 60 * 60),
    /** New passwords tried with a link or a code, per IP (issue 32). */
    passwordResetConfirms: rateLimit(pool, 'reset-confirm', RESET_CONFIRMS_PER_HOUR, 60 * 60),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
