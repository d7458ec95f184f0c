import pg from 'pg';
import { connectionConfig } from '../db/connection-config.ts';
import { COLLECTION_CHANGED_CHANNEL } from '../db-events/collection-changed-channel.ts';
import {
  LISTEN_SESSION_OPTIONS,
  type ListenWatchdogTimes,
  watchListenConnection,
} from '../db-events/listen-watchdog.ts';
import { SYNC_CHANNEL } from './sync-barrier.ts';

const RECONNECT_MS = 1_000;

type Handlers = {
  notification: (channel: string, payload: string) => void;
  /** Listening again; `reconnected` when it had listened before (what changed meanwhile is unknown). */
  listening: (reconnected: boolean) => void;
  /** The connection is gone (a new one follows unless stopped). */
  lost: () => void;
  stalled: (message: string) => void;
  warning: (message: string) => void;
};

/**
 * The match index's LISTEN connection (docs/decisions/018, 039): `collection_changed` and its own sync
 * tokens, watched for stalls, connected again a second after any loss until `stop()`.
 */
export function listenForIndex(
  databaseUrl: string,
  pool: pg.Pool,
  watchdog: ListenWatchdogTimes,
  on: Handlers,
): { stop: () => Promise<void> } {
  let client: pg.Client | undefined;
  let connected = false;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const current = new pg.Client({
        ...connectionConfig(databaseUrl, 'index-listen'),
        options: LISTEN_SESSION_OPTIONS,
      });
      // A lost connection ends the wait below; this keeps its 'error' from ending the thread.
      current.on('error', () => undefined);
      try {
        await current.connect();
        current.on('notification', ({ channel, payload }) => on.notification(channel, payload ?? ''));
        await current.query(`listen ${COLLECTION_CHANGED_CHANNEL}`);
        await current.query(`listen ${SYNC_CHANNEL}`);
        await watchListenConnection(current, pool, watchdog, (late) =>
          on.stalled(`match index LISTEN connection stalled (${late}): replaced`),
        );
        client = current;
        on.listening(connected);
        connected = true;
        await new Promise<void>((resolve) => {
          current.once('error', () => resolve());
          current.once('end', () => resolve());
        });
      } catch (error) {
        if (!stopped) on.warning(`match index: ${(error as Error).message}`);
      }
      client = undefined;
      current.removeAllListeners('notification');
      await current.end().catch(() => undefined);
      on.lost();
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => undefined);
    },
  };
}
