import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ChatMessage } from './messages.ts';
import { type StreamLimits, streamLimits } from './stream-limits.ts';

export const CHAT_CHANNEL = 'chat_message';
/** Payload: the id of a user some of whose sessions just ended (logout, password change, deactivation). */
export const SESSION_END_CHANNEL = 'session_end';
/** Payload: `SwapNotification`, a swap proposed or changed (src/server/swaps/swap-events.ts). */
export const SWAP_CHANNEL = 'swap_event';
const RECONNECT_MS = 1000;
const RESYNC = 'resync';

/**
 * A new message (in a match's stream) or word of one (in a user's inbox: a message in one of their
 * matches, sent or received); word that notifications may have been lost (the reader looks in the
 * table); or that a session of the stream's user ended (the reader checks whether its own is still there).
 */
export type BusEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'inbox'; matchId: number }
  | { type: 'swap'; swapId: number }
  | { type: 'resync' }
  | { type: 'session' };

/** What a swap's transition notifies: the swap, and its two participants. */
export type SwapNotification = { swapId: number; userIds: number[] };

/** What `sendMessage` notifies: the message, its match, and who it is for. */
export type ChatNotification = ChatMessage & { matchId: number; recipientId: number };

export type MessageBus = {
  /**
   * Events of one match for one user's stream, as messages are committed by any app server on this
   * database. The listener is in place when this returns, so nothing committed afterwards is missed.
   * It takes one of this server's stream slots (throws when they are all taken), and ends when
   * `signal` aborts or a newer stream of the user takes the slot.
   */
  listen(stream: { matchId: number; userId: number }, signal: AbortSignal): AsyncIterableIterator<BusEvent>;
  /**
   * A user's inbox: word of every message in any of their matches, for the unread badges. Inbox streams
   * have limits of their own (`inboxLimits`), so an app open on a chat keeps both its streams.
   */
  listenInbox(userId: number, signal: AbortSignal): AsyncIterableIterator<BusEvent>;
  close(): Promise<void>;
};

/**
 * One LISTEN connection per app server: PostgreSQL NOTIFY (sent in the statement that stores a
 * message) reaches every server on the database, and each hands it to the streams open on it. When
 * that connection is lost it reconnects and then tells every stream to `resync`: whatever was
 * notified meanwhile is read back from the table (and sessions ended meanwhile are checked again).
 */
export function startMessageBus(
  databaseUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  limits: StreamLimits = streamLimits(),
  inboxLimits: StreamLimits = streamLimits(),
): MessageBus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(isReconnect: boolean) {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (notification) => {
      if (!notification.payload) return;
      if (notification.channel === SESSION_END_CHANNEL) {
        events.emit(`user:${notification.payload}`, { type: 'session' } satisfies BusEvent);
      } else if (notification.channel === SWAP_CHANNEL) {
        const { swapId, userIds } = JSON.parse(notification.payload) as SwapNotification;
        for (const userId of userIds)
          events.emit(`inbox:${userId}`, { type: 'swap', swapId } satisfies BusEvent);
      } else if (notification.channel === CHAT_CHANNEL) {
        const { matchId, recipientId, ...message } = JSON.parse(notification.payload) as ChatNotification;
        events.emit(`match:${matchId}`, { type: 'message', message } satisfies BusEvent);
        for (const userId of [message.senderId, recipientId]) {
          events.emit(`inbox:${userId}`, { type: 'inbox', matchId } satisfies BusEvent);
        }
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'chat LISTEN connection lost');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHAT_CHANNEL}; LISTEN ${SESSION_END_CHANNEL}; LISTEN ${SWAP_CHANNEL}`);
      if (closed) return void (await next.end());
      client = next;
      if (isReconnect) events.emit(RESYNC);
    } catch (error) {
      log.warn({ err: error }, 'chat LISTEN connection failed');
      await next.end().catch(() => undefined);
      scheduleReconnect();
    }
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, RECONNECT_MS);
    retry.unref();
  }

  const ready = connect(false);

  /** The events of `names` (and every resync) for one stream, which holds one of `slots` while open. */
  function subscribe(names: string[], slots: StreamLimits, userId: number, signal: AbortSignal) {
    const slot = slots.take(userId);
    const ended = AbortSignal.any([signal, slot.signal]);
    const queue: BusEvent[] = [];
    let wake: (() => void) | undefined;
    const push = (event: BusEvent) => {
      queue.push(event);
      wake?.();
    };
    const onResync = () => push({ type: 'resync' });
    for (const name of names) events.on(name, push);
    events.on(RESYNC, onResync);
    const stop = () => {
      for (const name of names) events.off(name, push);
      events.off(RESYNC, onResync);
      slot.release();
      wake?.();
    };
    if (ended.aborted) stop();
    else ended.addEventListener('abort', stop, { once: true });
    return (async function* () {
      try {
        while (!ended.aborted) {
          const event = queue.shift();
          if (event) yield event;
          else await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        stop();
      }
    })();
  }

  return {
    listen: ({ matchId, userId }, signal) =>
      subscribe([`match:${matchId}`, `user:${userId}`], limits, userId, signal),
    listenInbox: (userId, signal) =>
      subscribe([`inbox:${userId}`, `user:${userId}`], inboxLimits, userId, signal),
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
