import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRESENCE_BEAT_MS } from '../users/presence.ts';

/** A chat stream that has not beaten for this long died with its server. */
const STALE_MS = 2 * PRESENCE_BEAT_MS + 15_000;

/**
 * Records, on the database every server shares, that a collector has a chat open (a message stream): a
 * message arriving there needs no alert, whichever server holds the stream. beat() at the stream's
 * presence beat; close() when it ends.
 */
export async function openChat(em: EntityManager, userId: number, matchId: number) {
  const streamId = crypto.randomUUID();
  await em.execute('insert into open_chat (stream_id, user_id, match_id) values (?, ?, ?)', [
    streamId,
    userId,
    matchId,
  ]);
  return {
    beat: () => em.execute('update open_chat set seen_at = now() where stream_id = ?', [streamId]),
    close: () => em.execute('delete from open_chat where stream_id = ?', [streamId]),
  };
}

/** Whether the collector is reading that chat now, on any server. Also sweeps streams gone stale. */
export async function isChatOpen(em: EntityManager, userId: number, matchId: number): Promise<boolean> {
  await em.execute('delete from open_chat where seen_at < now() - make_interval(secs => ?)', [
    STALE_MS / 1000,
  ]);
  const [row] = await em.execute<{ open: boolean }[]>(
    'select exists (select 1 from open_chat where user_id = ? and match_id = ?) as open',
    [userId, matchId],
  );
  return row?.open ?? false;
}
