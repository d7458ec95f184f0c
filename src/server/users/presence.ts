import type { EntityManager } from '@mikro-orm/postgresql';
import type { Presence } from '../../rpc/schemas/matches.ts';

/** 'Online ora' means seen within this window. */
const ONLINE_WINDOW_MS = 2 * 60 * 1000;
/** How often an open chat stream says "still here". */
export const PRESENCE_BEAT_MS = 60 * 1000;
/** 'Attivo questa settimana': seen within the last seven days. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Records that the user has the app open; at most one write per 20 s per user. */
export async function touchLastSeen(em: EntityManager, userId: number) {
  await em.execute(
    `update app_user set last_seen_at = now()
      where id = ? and (last_seen_at is null or last_seen_at < now() - interval '20 seconds')`,
    [userId],
  );
}

/** The calendar day in Italy, where every collector lives. */
const italianDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });

/**
 * How present someone is, as coarsely as the chat header says it: online now, today, this week, or
 * nothing (never seen, or longer ago). Never the time itself (decision 021).
 */
export function presenceOf(lastSeenAt: Date | null | undefined, now = new Date()): Presence | null {
  if (!lastSeenAt) return null;
  const seen = new Date(lastSeenAt);
  const elapsed = now.getTime() - seen.getTime();
  if (elapsed <= ONLINE_WINDOW_MS) return 'online';
  if (italianDay.format(seen) === italianDay.format(now)) return 'today';
  return elapsed <= WEEK_MS ? 'week' : null;
}
