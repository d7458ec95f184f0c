import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ChatMessage } from '../../rpc/schemas/chat.ts';
import { connectionConfig } from '../db/connection-config.ts';
import { CHAT_MESSAGE_CHANNEL, parseChatMessageNotice } from './chat-message-channel.ts';
import {
  LISTEN_SESSION_OPTIONS,
  type ListenWatchdogTimes,
  watchListenConnection,
} from './listen-watchdog.ts';
import { parseSessionEnd, SESSION_END_CHANNEL } from './session-end-channel.ts';
import { parseSwapEvent, SWAP_EVENT_CHANNEL } from './swap-event-channel.ts';

const RECONNECT_MS = 1000;
const RESYNC = 'resync';

/**
 * A new message (to a match's chats) or word of one (to a user's inbox: a message in one of their
 * matches, sent or received); a swap of the user's proposed or changed; word that notifications may
 * have been lost (the reader looks in the tables); or that a session of the user ended (the reader
 * checks whether its own is still there).
 */
export type BusEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'inbox'; matchId: number }
  | { type: 'swap'; swapId: number }
  | { type: 'resync' }
  | { type: 'session' };

/** Who hears an event: a match's open chats, a user's inbox, every stream of a user. */
export type Topic = `match:${number}` | `inbox:${number}` | `user:${number}`;

export type DbEventBus = {
  /**
   * The events of `topics` (and every resync), as changes are committed by any app server on this
   * database, until `signal` aborts. The listener is in place when this returns, so nothing committed
   * afterwards is missed.
   */
  subscribe(topics: Topic[], signal: AbortSignal): AsyncIterableIterator<BusEvent>;
  /** The LISTEN connection is up (readiness: without it, the streams on this server hear nothing). */
  readonly listening: boolean;
  close(): Promise<void>;
};

/**
 * One LISTEN connection per app server: PostgreSQL NOTIFY (sent in the statement that makes a change)
 * reaches every server on the database, and each hands it to the streams open on it. When that
 * connection is lost it reconnects and then tells every stream to `resync`: whatever was notified
 * meanwhile is read back from the tables (and sessions ended meanwhile are checked again). A watchdog
 * (listen-watchdog.ts) treats a connection whose heartbeats stop coming back as lost, through `pool`. Its
 * warnings still begin 'notifications LISTEN', as before this folder's rename: log alerts may match them.
 */
export function startDbEventBus(
  databaseUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  watch: { pool: pg.Pool; times: ListenWatchdogTimes; onStall: () => void },
): DbEventBus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const emit = (topic: Topic, event: BusEvent) => events.emit(topic, event);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(isReconnect: boolean) {
    const next = new pg.Client({
      ...connectionConfig(databaseUrl, 'listen'),
      options: LISTEN_SESSION_OPTIONS,
    });
    next.on('notification', ({ channel, payload }) => {
      if (!payload) return;
      if (channel === SESSION_END_CHANNEL) {
        emit(`user:${parseSessionEnd(payload)}`, { type: 'session' });
      } else if (channel === SWAP_EVENT_CHANNEL) {
        const { swapId, userIds } = parseSwapEvent(payload);
        for (const userId of userIds) emit(`inbox:${userId}`, { type: 'swap', swapId });
      } else if (channel === CHAT_MESSAGE_CHANNEL) {
        const { matchId, recipientId, ...message } = parseChatMessageNotice(payload);
        emit(`match:${matchId}`, { type: 'message', message });
        for (const userId of [message.senderId, recipientId])
          emit(`inbox:${userId}`, { type: 'inbox', matchId });
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'notifications LISTEN connection lost');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(
        `LISTEN ${CHAT_MESSAGE_CHANNEL}; LISTEN ${SESSION_END_CHANNEL}; LISTEN ${SWAP_EVENT_CHANNEL}`,
      );
      await watchListenConnection(next, watch.pool, watch.times, (late) => {
        log.warn(`notifications LISTEN connection stalled (${late}): replaced`);
        watch.onStall();
      });
      if (closed) return void (await next.end());
      client = next;
      if (isReconnect) events.emit(RESYNC);
    } catch (error) {
      log.warn({ err: error }, 'notifications LISTEN connection failed');
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

  return {
    subscribe(topics, signal) {
      const queue: BusEvent[] = [];
      let wake: (() => void) | undefined;
      const push = (event: BusEvent) => {
        queue.push(event);
        wake?.();
      };
      const onResync = () => push({ type: 'resync' });
      for (const topic of topics) events.on(topic, push);
      events.on(RESYNC, onResync);
      const stop = () => {
        for (const topic of topics) events.off(topic, push);
        events.off(RESYNC, onResync);
        wake?.();
      };
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
      return (async function* () {
        try {
          while (!signal.aborted) {
            const event = queue.shift();
            if (event) yield event;
            else await new Promise<void>((resolve) => (wake = resolve));
          }
        } finally {
          stop();
        }
      })();
    },
    get listening() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
