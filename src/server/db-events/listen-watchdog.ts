import type pg from 'pg';

export const HEARTBEAT_CHANNEL = 'listen_heartbeat';
/** Tests: `NOTIFY listen_hold, '<backend pid>'` leaves a transaction open on that LISTEN connection. */
export const HOLD_CHANNEL = 'listen_hold';

/**
 * How often a LISTEN connection is checked and how long its heartbeat may take to come back; `holdable`
 * (tests only) makes it obey HOLD_CHANNEL.
 */
export type ListenWatchdogTimes = { heartbeatMs: number; stallMs: number; holdable?: boolean };

/** LISTEN_HEARTBEAT_MS and LISTEN_STALL_MS's defaults: a stalled listener is replaced within 15 s. */
export const DEFAULT_LISTEN_WATCHDOG: ListenWatchdogTimes = { heartbeatMs: 5_000, stallMs: 10_000 };

/**
 * A session of a LISTEN connection left idle in a transaction is ended by the server after this long
 * (the watchdog below notices sooner): such a session holds PostgreSQL's one notification queue, which
 * every notifying commit of every app server needs.
 */
export const LISTEN_SESSION_OPTIONS = '-c idle_in_transaction_session_timeout=60000';

let watched = 0;

/**
 * Watches a LISTEN connection (docs/decisions/039): every `heartbeatMs` a NOTIFY on a channel of its own,
 * sent through `pool`, must come back to the connection within `stallMs`. A listener that stops reading
 * (its session idle in a transaction, its client stuck) holds the notification queue's tail, and once the
 * queue is full every notifying commit fails, taps included. When a heartbeat is late, `onStall` is told,
 * the session is ended from another connection (`pg_terminate_backend`, so the backend goes even if the
 * client is stuck) and the client's socket destroyed: the owner sees a lost connection, listens again and
 * catches up as it does after any loss. The watchdog ends with the connection; the owner's own
 * notification handler sees the heartbeats too and must ignore channels it does not know.
 */
export async function watchListenConnection(
  client: pg.Client,
  pool: pg.Pool,
  times: ListenWatchdogTimes,
  onStall: (late: string) => void,
): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]?.pid as number;
  const prefix = `${process.pid}.${++watched}.${pid}.`;
  let count = 0;
  let waiting: { token: string; sentAt: number } | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  client.on('notification', ({ channel, payload }) => {
    if (channel === HEARTBEAT_CHANNEL && waiting?.token === payload) waiting = undefined;
    if (channel === HOLD_CHANNEL && payload === String(pid)) client.query('begin').catch(() => undefined);
  });
  client.once('end', stop);
  client.once('error', stop);

  async function stalled(late: string) {
    stop();
    onStall(late);
    await pool.query('select pg_terminate_backend($1)', [pid]).catch(() => undefined);
    client.connection.stream.destroy();
  }

  const timer = setInterval(() => {
    if (stopped) return;
    const now = performance.now();
    if (waiting) {
      const lateMs = now - waiting.sentAt;
      if (lateMs > times.stallMs) void stalled(`no heartbeat back in ${Math.round(lateMs)} ms`);
      return;
    }
    const token = `${prefix}${++count}`;
    waiting = { token, sentAt: now };
    // A heartbeat that cannot be sent (the database away) proves nothing about the listener: sent again.
    pool.query('select pg_notify($1, $2)', [HEARTBEAT_CHANNEL, token]).catch(() => {
      if (waiting?.token === token) waiting = undefined;
    });
  }, times.heartbeatMs);
  timer.unref();
  await client.query(`listen ${HEARTBEAT_CHANNEL}${times.holdable ? `; listen ${HOLD_CHANNEL}` : ''}`);
}
