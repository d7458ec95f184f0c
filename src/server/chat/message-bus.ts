import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ChatMessage } from './messages.ts';

export const CHAT_CHANNEL = 'chat_message';
const RECONNECT_MS = 1000;
const RESYNC = 'resync';

/** A new message, or word that notifications may have been lost (the reader looks in the table). */
export type BusEvent = { type: 'message'; message: ChatMessage } | { type: 'resync' };

export type MessageBus = {
  /**
   * Events of one match, as messages are committed by any app server on this database. The listener
   * is in place when this returns, so nothing committed afterwards is missed.
   */
  listen(matchId: number, signal: AbortSignal | undefined): AsyncIterableIterator<BusEvent>;
  close(): Promise<void>;
};

/**
 * One LISTEN connection per app server: PostgreSQL NOTIFY (sent in the statement that stores a
 * message) reaches every server on the database, and each hands it to the streams open on it. When
 * that connection is lost it reconnects and then tells every stream to `resync`: whatever was
 * notified meanwhile is read back from the table.
 */
export function startMessageBus(databaseUrl: string, log: Pick<FastifyBaseLogger, 'warn'>): MessageBus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(isReconnect: boolean) {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (notification) => {
      if (notification.channel !== CHAT_CHANNEL || !notification.payload) return;
      const { matchId, ...message } = JSON.parse(notification.payload) as ChatMessage & { matchId: number };
      events.emit(`match:${matchId}`, { type: 'message', message } satisfies BusEvent);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'chat LISTEN connection lost');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHAT_CHANNEL}`);
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

  return {
    listen(matchId, signal) {
      const queue: BusEvent[] = [];
      let wake: (() => void) | undefined;
      const push = (event: BusEvent) => {
        queue.push(event);
        wake?.();
      };
      const onMessage = (event: BusEvent) => push(event);
      const onResync = () => push({ type: 'resync' });
      events.on(`match:${matchId}`, onMessage);
      events.on(RESYNC, onResync);
      const stop = () => {
        events.off(`match:${matchId}`, onMessage);
        events.off(RESYNC, onResync);
        wake?.();
      };
      signal?.addEventListener('abort', stop, { once: true });
      return (async function* () {
        try {
          while (!signal?.aborted) {
            const event = queue.shift();
            if (event) yield event;
            else await new Promise<void>((resolve) => (wake = resolve));
          }
        } finally {
          stop();
        }
      })();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
