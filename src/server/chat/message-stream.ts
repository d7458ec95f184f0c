import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatMessage } from '../../rpc/schemas/chat.ts';
import { openChat } from '../alerts/open-chats.ts';
import { findLiveSession } from '../auth/sessions.ts';
import { BLOCKED_WRITE_MESSAGES, refuseBlockedPair } from '../blocks/blocked-pair.ts';
import { findMyMatch } from '../matches/matches.ts';
import { PRESENCE_BEAT_MS, touchLastSeen } from '../users/presence.ts';
import type { ChatSubscriptions } from './chat-subscriptions.ts';
import { listMessages } from './messages.ts';

type StreamEvent = { type: 'ready' } | { type: 'message'; message: ChatMessage };

type StreamRequest = {
  matchId: number;
  meId: number;
  /** The session that opened the stream: the stream ends with it. */
  sessionId: string;
  /** The last message the client has (a reconnect): the stream first replays what came after it. */
  lastEventId?: string | null;
  /** Aborts when the client goes away. */
  signal?: AbortSignal;
};

/**
 * New messages of a match as they arrive, from any app server. The first event, `ready`, says the
 * stream is listening: the client then fetches what it may have missed before, so nothing falls in
 * between. With `lastEventId` (a reconnect) the stream itself replays what came after it. While open it
 * keeps the user "online". It ends as soon as its session does (logout, password change, deactivation:
 * every server hears of it from the bus), and when the user opens a sixth stream on this server (see
 * stream-limits.ts).
 */
export async function* messageStream(
  em: EntityManager,
  bus: ChatSubscriptions,
  { matchId, meId, sessionId, lastEventId, signal }: StreamRequest,
): AsyncGenerator<StreamEvent> {
  const { other } = await findMyMatch(em, matchId, meId);
  // Nothing can come through a blocked pair's chat: the refusal says why, as a send would.
  await refuseBlockedPair(em, meId, other.id, BLOCKED_WRITE_MESSAGES);
  // Ends the stream from inside too (its session is gone, or the stream is over).
  const ended = new AbortController();
  const live = bus.listen(
    { matchId: matchId, userId: meId },
    signal ? AbortSignal.any([signal, ended.signal]) : ended.signal,
  );
  const sessionIsLive = async () => Boolean(await findLiveSession(em.fork(), sessionId, meId));
  let beat: NodeJS.Timeout | undefined;
  let open: Awaited<ReturnType<typeof openChat>> | undefined;
  try {
    // A session that ended after this request was authenticated, but before the bus listened for it.
    if (!(await sessionIsLive())) return;
    // While it is open, messages here need no alert on the collector's devices (alerts/open-chats.ts).
    open = await openChat(em.fork(), meId, matchId);
    yield { type: 'ready' };
    let lastId = Number(lastEventId ?? 0);
    if (lastEventId) {
      for (const message of await listMessages(em, matchId, meId, lastId)) {
        lastId = message.id;
        yield { type: 'message', message };
      }
    }
    await touchLastSeen(em, meId);
    // Also a fallback for a session that simply expires.
    beat = setInterval(async () => {
      try {
        if (!(await sessionIsLive())) return ended.abort();
        await touchLastSeen(em.fork(), meId);
        await open?.beat();
      } catch {
        // a missed beat only makes the user look offline a little sooner
      }
    }, PRESENCE_BEAT_MS);
    for await (const event of live) {
      // A session ended (or its notice may have been lost with the LISTEN connection): is it mine?
      if (event.type !== 'message' && !(await sessionIsLive())) return;
      if (event.type === 'session') continue;
      // After a lost LISTEN connection the table says what the notifications may not have.
      const messages =
        event.type === 'message' ? [event.message] : await listMessages(em.fork(), matchId, meId, lastId);
      for (const message of messages) {
        if (message.id <= lastId) continue;
        lastId = message.id;
        yield { type: 'message', message };
      }
    }
  } finally {
    clearInterval(beat);
    ended.abort();
    await open?.close().catch(() => undefined);
  }
}
