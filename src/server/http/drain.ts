import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A readiness check slower than this counts as a database that does not answer. */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops this instance gracefully (docs/decisions/026). At once: `/api/ready` answers 503, every answer
     * closes its connection, open event streams are cut so their clients reconnect to another instance.
     * For `delayMs` the server goes on listening, so load balancers polling `/api/ready` stop sending before
     * a connection is refused; then it stops listening, the requests in flight finish, and whatever is still
     * open `timeoutMs` later is cut. A second call ends the delay at once and settles with the first.
     */
    drain(options: { delayMs: number; timeoutMs: number }): Promise<void>;
  }
}

type ReadinessChecks = {
  /** A cheap query. */
  database: () => Promise<unknown>;
  /** The database event bus's LISTEN connection is up. */
  dbEventsListening: () => boolean;
  /** The albums searched lately on any server are in memory here (decision 042). */
  matchIndexWarm: () => boolean;
};

/**
 * `/api/ready` (for load balancers: database, database events, not draining), `/api/ready/warm` (the same,
 * and the match index warm: for a rolling deploy, decision 042) and `app.drain()`. Register it before
 * the routes: its hooks see the routes declared after it.
 */
export function registerDrain(app: FastifyInstance, checks: ReadinessChecks) {
  let draining = false;
  let listenerClosed = false;
  // Event streams never end by themselves: a drain cuts them, and the browser's EventSource reconnects.
  const streams = new Set<IncomingMessage>();
  const cutStreams = () => {
    for (const stream of streams) stream.socket.destroy();
  };
  app.addHook('onRequest', async (request) => {
    if (!request.headers.accept?.includes('text/event-stream')) return;
    streams.add(request.raw);
    request.raw.socket.once('close', () => streams.delete(request.raw));
  });
  // An answer made during the drain closes its connection: the client opens a new one for its next
  // request (accepted during the delay, refused after it) instead of reusing one the server is about to
  // close, which is how a request sent at that instant met a reset.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // An answer whose headers went out before the drain (kept alive) and that ends after the listener has
  // closed leaves its connection idle, which the listener's close no longer sees: it would hold the exit
  // until `timeoutMs`. Nothing more can come on it, so it is closed as its answer ends.
  app.addHook('onResponse', async (request) => {
    if (listenerClosed) request.raw.socket.destroySoon();
  });

  // 'notifications not listening' is db-events/' LISTEN connection, worded as before that folder's
  // rename (decision 044): monitors may match the message.
  const readiness = async () =>
    draining
      ? 'draining'
      : !checks.dbEventsListening()
        ? 'notifications not listening'
        : await databaseProblem(checks.database);
  app.get('/api/ready', async (_request, reply) => {
    const problem = await readiness();
    if (problem) return reply.status(503).send({ ok: false, message: problem });
    return { ok: true };
  });
  app.get('/api/ready/warm', async (_request, reply) => {
    const problem = (await readiness()) ?? (checks.matchIndexWarm() ? undefined : 'match index warming');
    if (problem) return reply.status(503).send({ ok: false, message: problem });
    return { ok: true };
  });

  let drained: Promise<void> | undefined;
  let endDelay = () => {};
  app.decorate('drain', ({ delayMs, timeoutMs }: { delayMs: number; timeoutMs: number }) => {
    if (drained) {
      endDelay();
      return drained;
    }
    draining = true;
    cutStreams();
    const delay =
      delayMs > 0
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delayMs);
            endDelay = () => {
              clearTimeout(timer);
              resolve();
            };
          })
        : undefined;
    drained = (async () => {
      if (delay) await delay;
      listenerClosed = true;
      // The streams a reconnecting browser opened here during the delay, before its balancer knew.
      cutStreams();
      const cut = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
    })();
    return drained;
  });
}

async function databaseProblem(query: () => Promise<unknown>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database timeout'), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([query().then(() => undefined), timeout]);
  } catch {
    return 'database unreachable';
  } finally {
    clearTimeout(timer);
  }
}
