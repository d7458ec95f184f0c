import { EventEmitter, on } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ChatMessage } from './messages.ts';

export const CHAT_CHANNEL = 'chat_message';
const RECONNECT_MS = 1000;

export type MessageBus = {
  /**
   * New messages of one match, as they are committed by any app server on this database. The listener
   * is in place when this returns, so nothing committed afterwards is missed.
   */
  listen(matchId: number, signal: AbortSignal | undefined): AsyncIterableIterator<ChatMessage>;
  close(): Promise<void>;
};

/**
 * One LISTEN connection per app server: PostgreSQL NOTIFY (sent in the statement that stores a
 * message) reaches every server on the database, and each hands it to the streams open on it. On a
 * lost connection it reconnects; streams opened meanwhile fall back to the clients' 5 s poll.
 */
export function startMessageBus(databaseUrl: string, log: Pick<FastifyBaseLogger, 'warn'>): MessageBus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (notification) => {
      if (notification.channel !== CHAT_CHANNEL || !notification.payload) return;
      const message = JSON.parse(notification.payload) as ChatMessage & { matchId: number };
      events.emit(`match:${message.matchId}`, toMessage(message));
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
      if (closed) await next.end();
      else client = next;
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
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }

  const ready = connect();

  return {
    listen(matchId, signal) {
      const source = on(events, `match:${matchId}`, { signal });
      return (async function* () {
        for await (const [message] of source) yield message as ChatMessage;
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

function toMessage(payload: ChatMessage & { matchId: number }): ChatMessage {
  return {
    id: payload.id,
    senderId: payload.senderId,
    sender: payload.sender,
    content: payload.content,
    createdAt: payload.createdAt,
  };
}
