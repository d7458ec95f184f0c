import type { EntityManager } from '@mikro-orm/postgresql';

/** 'Online ora' means seen within this window. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;
/** How often an open chat stream says "still here". */
export const PRESENCE_BEAT_MS = 60 * 1000;

/** Records that the user has the app open; at most one write per 20 s per user. */
export async function touchLastSeen(em: EntityManager, userId: number) {
  await em.execute(
    `update app_user set last_seen_at = now()
      where id = ? and (last_seen_at is null or last_seen_at < now() - interval '20 seconds')`,
    [userId],
  );
}

export function presenceOf(lastSeenAt: Date | null | undefined, now = Date.now()) {
  const seen = lastSeenAt ? new Date(lastSeenAt) : null;
  return {
    online: seen !== null && now - seen.getTime() <= ONLINE_WINDOW_MS,
    lastSeenAt: seen ? seen.toISOString() : null,
  };
}
