import type pg from 'pg';
import { attemptCounter, type CountedAttempt } from '../rate-limits.ts';

const WINDOW_SECONDS = 15 * 60;
/** Wrong passwords per counter: a nickname (strangers together), a device cookie, an account's password change. */
const MAX_FAILURES = 10;
/** Wrong passwords from one address: far above what a shared NAT makes, so only spraying gets there. */
const MAX_ADDRESS_FAILURES = 100;
/** Right passwords per account: each costs a hash and starts a session. */
const MAX_LOGINS = 30;

/** What a throttled password check came to: right or wrong, or not checked (and which limit said so). */
type ThrottledCheck =
  | { outcome: 'right' | 'wrong' }
  | { outcome: 'throttled'; limit: Limit; waitMinutes: number };
type Limit = 'failures' | 'address' | 'logins';

/** One login attempt, as the throttle counts it (decision 009). */
type LoginAttempt = {
  /** Its failure counter: `nickname:ABC` for a stranger, `device:<nonce>` for a browser that logged in before. */
  failures: string;
  /** A stranger's address (`ip:192.0.2.1`), counted against spraying; none for a trusted browser. */
  address?: string;
  /** The account the nickname names, when there is one: its right passwords are counted. */
  account?: number;
};

export type LoginThrottle = {
  /** A login: at most 10 wrong passwords per `failures` counter and 30 right ones per account. */
  checkLogin(attempt: LoginAttempt, verify: () => Promise<boolean>): Promise<ThrottledCheck>;
  /** Any other password check (the current password of a change): at most 10 wrong per counter in `keys`. */
  check(keys: string[], verify: () => Promise<boolean>): Promise<ThrottledCheck>;
};

/**
 * Every attempt is counted (one atomic upsert in PostgreSQL, shared by every app server) before the slow
 * hash is checked, so parallel requests and tRPC batches cannot all slip past a count read earlier. A
 * refused attempt and a right password are taken back: the failure counters count wrong passwords
 * actually checked. An address past its limit is refused only for a nickname nobody has (there is no right
 * password to block), so the owners behind a busy NAT always get in with theirs.
 */
export function createLoginThrottle(pool: pg.Pool): LoginThrottle {
  const failures = attemptCounter(pool, 'login', WINDOW_SECONDS);
  const logins = attemptCounter(pool, 'login-success', WINDOW_SECONDS);
  const refund = (attempts: CountedAttempt[]) => Promise.all(attempts.map(failures.refund));
  const throttled = (limit: Limit, windowEnd: number): ThrottledCheck => ({
    outcome: 'throttled',
    limit,
    waitMinutes: Math.max(1, Math.ceil((windowEnd - Date.now()) / 60_000)),
  });

  /** Why an attempt is not checked at all, if it is not. */
  async function refusalOf(attempt: LoginAttempt, own: CountedAttempt, address?: CountedAttempt) {
    if (own.count > MAX_FAILURES) return throttled('failures', own.windowEnd);
    if (attempt.account === undefined) {
      return address && address.count > MAX_ADDRESS_FAILURES
        ? throttled('address', address.windowEnd)
        : undefined;
    }
    const granted = await logins.peek(`account:${attempt.account}`);
    return granted.count >= MAX_LOGINS ? throttled('logins', granted.windowEnd) : undefined;
  }

  return {
    async checkLogin(attempt, verify) {
      const [own, address] = await Promise.all([
        failures.count(attempt.failures),
        attempt.address === undefined ? undefined : failures.count(attempt.address),
      ]);
      const counted = address ? [own, address] : [own];
      const refusal = await refusalOf(attempt, own, address);
      if (refusal) {
        await refund(counted);
        return refusal;
      }
      if (!(await verify())) return { outcome: 'wrong' };
      await refund(counted);
      if (attempt.account === undefined) return { outcome: 'right' };
      // Counted after the hash, in one statement: concurrent right passwords cannot all pass the peek.
      const login = await logins.count(`account:${attempt.account}`);
      if (login.count <= MAX_LOGINS) return { outcome: 'right' };
      await logins.refund(login);
      return throttled('logins', login.windowEnd);
    },

    async check(keys, verify) {
      const attempts = await Promise.all(keys.map((key) => failures.count(key)));
      const over = attempts.filter((attempt) => attempt.count > MAX_FAILURES);
      if (over.length > 0) {
        await refund(attempts);
        return throttled('failures', Math.max(...over.map((attempt) => attempt.windowEnd)));
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
