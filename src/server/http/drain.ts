import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A readiness check slower than this counts as a database that does not answer. */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops this instance gracefully (docs/decisions/026): `/api/ready` answers 503 from now on, no new
     * connection is accepted, open event streams are cut so their clients reconnect to another
     * instance, and the requests in flight finish; whatever is still open after `timeoutMs` is cut.
     */
    drain(timeoutMs: number): Promise<void>;
  }
}

type ReadinessChecks = {
  /** A cheap query. */
  database: () => Promise<unknown>;
  /** The notification bus's LISTEN connection is up. */
  notificationsListening: () => boolean;
  /** The albums searched lately on any server are in memory here (decision 042). */
  matchIndexWarm: () => boolean;
};

/**
 * `/api/ready` (for load balancers: database, notifications, not draining), `/api/ready/warm` (the same,
 * and the match index warm: for a rolling deploy, decision 042) and `app.drain()`. Register it before
 * the routes: its hooks see the routes declared after it.
 */
export function registerDrain(app: FastifyInstance, checks: ReadinessChecks) {
  let draining = false;
  // Event streams never end by themselves: a drain cuts them, and the browser's EventSource reconnects.
  const streams = new Set<IncomingMessage>();
  app.addHook('onRequest', async (request) => {
    if (!request.headers.accept?.includes('text/event-stream')) return;
    streams.add(request.raw);
    request.raw.socket.once('close', () => streams.delete(request.raw));
  });
  // An answer finished during the drain closes its connection, so the drain does not wait on it idling.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const readiness = async () =>
    draining
      ? 'draining'
      : !checks.notificationsListening()
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

  app.decorate('drain', async (timeoutMs: number) => {
    draining = true;
    for (const stream of streams) stream.socket.destroy();
    const cut = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
    }
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
