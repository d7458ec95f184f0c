import type { EntityManager } from '@mikro-orm/postgresql';
import { findLiveSession } from '../auth/sessions.ts';
import { PRESENCE_BEAT_MS } from '../users/presence.ts';
import type { ChatSubscriptions } from './chat-subscriptions.ts';

/**
 * `ready`: listening (the client refreshes what it shows, so nothing falls in between); `message`: a
 * message in one of my matches, sent or received; `swap`: a swap of mine proposed or changed; `resync`: notifications may have been lost, look again.
 */
type InboxEvent =
  | { type: 'ready' }
  | { type: 'message'; matchId: number }
  | { type: 'swap'; swapId: number }
  | { type: 'resync' };

type InboxRequest = {
  meId: number;
  /** The session that opened the stream: the stream ends with it. */
  sessionId: string;
  /** Aborts when the client goes away. */
  signal?: AbortSignal;
};

/**
 * Word of new messages in any of my matches, from any app server, so the unread badges follow at once
 * wherever the app is open. It carries no content (the client asks for its match list); it ends as soon
 * as its session does, like a chat's stream (message-stream.ts).
 */
export async function* inboxStream(
  em: EntityManager,
  bus: ChatSubscriptions,
  { meId, sessionId, signal }: InboxRequest,
): AsyncGenerator<InboxEvent> {
  const ended = new AbortController();
  const live = bus.listenInbox(meId, signal ? AbortSignal.any([signal, ended.signal]) : ended.signal);
  const sessionIsLive = async () => Boolean(await findLiveSession(em.fork(), sessionId, meId));
  let beat: NodeJS.Timeout | undefined;
  try {
    if (!(await sessionIsLive())) return;
    yield { type: 'ready' };
    // Also ends the stream of a session that simply expires.
    beat = setInterval(async () => {
      try {
        if (!(await sessionIsLive())) ended.abort();
      } catch {
        // checked again at the next beat
      }
    }, PRESENCE_BEAT_MS);
    for await (const event of live) {
      if (event.type === 'inbox') yield { type: 'message', matchId: event.matchId };
      else if (event.type === 'swap') yield { type: 'swap', swapId: event.swapId };
      else if (!(await sessionIsLive())) return;
      else if (event.type === 'resync') yield { type: 'resync' };
    }
  } finally {
    clearInterval(beat);
    ended.abort();
  }
}
