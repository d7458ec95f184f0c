import type pg from 'pg';
import { blockedEitherWayIdsSql } from '../blocks/blocked-pair.ts';

export const SYNC_CHANNEL = 'match_index_sync';
const SYNC_TIMEOUT_MS = 2_000;

/**
 * Read-your-writes for the match index (docs/decisions/018): a search sends a NOTIFY of its own and waits
 * for it on the index's LISTEN connection. PostgreSQL delivers notifications in commit order, so once it
 * is back, every notification committed before it has arrived too. The same round trip reads the
 * searcher's blocked pairs.
 */
export function syncBarrier(pool: pg.Pool) {
  const waiters = new Map<string, () => void>();
  let count = 0;
  return {
    /** The listener received `token` on SYNC_CHANNEL. */
    arrived(token: string) {
      waiters.get(token)?.();
    },
    /** The collectors who blocked `userId` or whom they blocked, once the barrier is passed; undefined on a timeout. */
    async pass(userId: number): Promise<Set<number> | undefined> {
      const token = `${process.pid}.${++count}.${Math.random().toString(36).slice(2)}`;
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
        waiters.set(token, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      try {
        const { rows } = await pool.query<{ blocked: number[] }>({
          name: 'match_index_sync',
          text: `select pg_notify($1, $2), array(${blockedEitherWayIdsSql('$3')}) as blocked`,
          values: [SYNC_CHANNEL, token, userId],
        });
        return (await arrived) ? new Set(rows[0]?.blocked ?? []) : undefined;
      } finally {
        waiters.delete(token);
      }
    },
  };
}
