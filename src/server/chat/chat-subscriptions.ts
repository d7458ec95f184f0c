import type { BusEvent, DbEventBus, Topic } from '../db-events/event-bus.ts';
import { type StreamLimits, streamLimits } from './stream-limits.ts';

/** The database event bus as the chat's streams hear it: each stream holds one of this server's slots. */
export type ChatSubscriptions = {
  /**
   * Events of one match for one user's stream. The listener is in place when this returns. It takes one
   * of this server's stream slots (throws when they are all taken), and ends when `signal` aborts or a
   * newer stream of the user takes the slot.
   */
  listen(stream: { matchId: number; userId: number }, signal: AbortSignal): AsyncIterableIterator<BusEvent>;
  /**
   * A user's inbox: word of every message in any of their matches, and of their swaps, for the unread
   * badges. Inbox streams have limits of their own (`inboxLimits`), so an app open on a chat keeps both.
   */
  listenInbox(userId: number, signal: AbortSignal): AsyncIterableIterator<BusEvent>;
  /** The streams open on this server now (the metrics). */
  openStreams(): { chat: number; inbox: number };
};

export function chatSubscriptions(
  bus: DbEventBus,
  limits: StreamLimits = streamLimits(),
  inboxLimits: StreamLimits = streamLimits(),
): ChatSubscriptions {
  function subscribe(topics: Topic[], slots: StreamLimits, userId: number, signal: AbortSignal) {
    const slot = slots.take(userId);
    const ended = AbortSignal.any([signal, slot.signal]);
    if (ended.aborted) slot.release();
    else ended.addEventListener('abort', () => slot.release(), { once: true });
    const events = bus.subscribe(topics, ended);
    return (async function* () {
      try {
        yield* events;
      } finally {
        slot.release();
      }
    })();
  }

  return {
    listen: ({ matchId, userId }, signal) =>
      subscribe([`match:${matchId}`, `user:${userId}`], limits, userId, signal),
    listenInbox: (userId, signal) =>
      subscribe([`inbox:${userId}`, `user:${userId}`], inboxLimits, userId, signal),
    openStreams: () => ({ chat: limits.open, inbox: inboxLimits.open }),
  };
}
