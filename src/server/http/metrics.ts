import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MatchIndex } from '../matches/match-index.ts';

/** What the gauges read at scrape time, known once the server's parts are started. */
export type MetricsSources = {
  /** Connection pools by name: each reports its used, idle and waiting counts. */
  pools: Record<string, pg.Pool>;
  matchIndex: MatchIndex;
  openStreams: () => { chat: number; inbox: number };
  /**
   * LISTEN connections found stalled and replaced since the start, by listener (listen-watchdog.ts).
   * `notifications` is db-events/ (event-bus.ts): the label kept from before its rename, as alerts use it.
   */
  listenStalls: () => Record<'notifications' | 'match_index', number>;
  /** Where the scrape's two database reads go (a short timeout each). */
  scrapePool: pg.Pool;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** A scrape waits this long for the database's figures at most, and goes without them. */
const SCRAPE_QUERY_MS = 1_000;
const SCRAPE_READ = `select pg_notification_queue_usage() as queue_usage,
                            (select extract(epoch from last_backup_at)::float8 from app_settings where id = 1) as last_backup,
                            extract(epoch from a.last_archived_time)::float8 as last_archived, a.failed_count::int as archive_failures
                       from pg_stat_archiver a`;

/**
 * This server's Prometheus metrics (docs/decisions/027), in a registry of its own (two servers in one
 * process, as in the tests, never mix their figures): Node's defaults (event-loop lag among them), request
 * durations by route pattern, tap batch sizes, and gauges read when scraped.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: MetricsSources | undefined;

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern (tRPC: by procedure) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const tapBatchSize = new Histogram({
    name: 'tap_batch_size',
    help: 'Sticker taps written in one transaction (docs/decisions/019)',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    registers,
  });
  const pushDeliveries = new Counter({
    name: 'push_deliveries_total',
    help: 'Web Push sends by outcome: sent, gone (subscription deleted), retry (429, 5xx, unreachable), dropped',
    labelNames: ['outcome'],
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each database pool, by state (used, idle, waiting for one)',
    labelNames: ['pool', 'state'],
    registers,
    collect() {
      for (const [pool, counts] of Object.entries(sources?.pools ?? {})) {
        this.set({ pool, state: 'used' }, counts.totalCount - counts.idleCount);
        this.set({ pool, state: 'idle' }, counts.idleCount);
        this.set({ pool, state: 'waiting' }, counts.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'chat_open_streams',
    help: 'Chat and inbox event streams open on this server',
    labelNames: ['kind'],
    registers,
    collect() {
      if (!sources) return;
      const { chat, inbox } = sources.openStreams();
      this.set({ kind: 'chat' }, chat);
      this.set({ kind: 'inbox' }, inbox);
    },
  });
  const indexFigure = (
    name: string,
    help: string,
    read: (stats: ReturnType<MatchIndex['stats']>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        if (sources) this.set(read(sources.matchIndex.stats()));
      },
    });
  indexFigure('match_index_ready', '1 while the match index thread runs', (stats) => Number(stats.running));
  indexFigure('match_index_albums', 'Albums the match index has read whole', (stats) => stats.albums);
  indexFigure(
    'match_index_collections',
    'Collections in the match index, as of each album’s last whole read',
    (stats) => stats.collections,
  );
  indexFigure(
    'match_index_bytes',
    'Bytes of the match index’s typed arrays, as of each album’s last whole read',
    (stats) => stats.memoryBytes,
  );
  new Counter({
    name: 'match_index_album_reads_total',
    help: 'Albums the match index read whole from the database: at their first search here, after a change of the album or a lost connection (docs/decisions/038)',
    registers,
    collect() {
      if (!sources) return;
      this.reset();
      this.inc(sources.matchIndex.stats().albumReads);
    },
  });
  new Counter({
    name: 'listen_connection_stalls_total',
    help: 'LISTEN connections whose heartbeat did not come back in time, ended and replaced (docs/decisions/039)',
    labelNames: ['listener'],
    registers,
    collect() {
      if (!sources) return;
      this.reset();
      for (const [listener, stalls] of Object.entries(sources.listenStalls())) this.inc({ listener }, stalls);
    },
  });
  new Histogram({
    name: 'match_search_reach_ratio',
    help: 'Share of a searcher’s missing stickers someone in the radius gives (any_holder), a 1:1 swap gets (one_to_one), only a three-way cycle adds (three_way_added); one search in 20',
    labelNames: ['reach'],
    buckets: [0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1],
    registers,
    collect() {
      for (const sample of sources?.matchIndex.takeSwapReach() ?? []) {
        if (sample.missing === 0) continue;
        this.observe({ reach: 'any_holder' }, sample.anyHolder / sample.missing);
        this.observe({ reach: 'one_to_one' }, sample.oneToOne / sample.missing);
        this.observe({ reach: 'three_way_added' }, sample.threeWayAdded / sample.missing);
      }
    },
  });
  new Histogram({
    name: 'match_index_search_seconds',
    help: 'Searches answered from memory, by part: sync (read-your-writes barrier and blocks), scan (the bitmaps), describe (who the candidates are), thread (waiting for the index thread)',
    labelNames: ['phase'],
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
    registers,
    collect() {
      for (const times of sources?.matchIndex.takeSearchTimes() ?? [])
        for (const [phase, ms] of Object.entries(times)) this.observe({ phase }, ms / 1000);
    },
  });
  const queueUsage = new Gauge({
    name: 'pg_notification_queue_usage_ratio',
    help: 'Share of PostgreSQL’s NOTIFY queue in use (0 to 1): warn at 0.1, page at 0.5 (README, Operations)',
    registers,
  });
  const lastBackup = new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the last base backup of the embedded database was taken, in Unix seconds; 0 for never',
    registers,
  });
  const lastArchived = new Gauge({
    name: 'wal_archive_last_success_timestamp_seconds',
    help: 'When PostgreSQL last archived a WAL file (pg_stat_archiver), in Unix seconds; 0 for never',
    registers,
  });
  const archiveFailures = new Gauge({
    name: 'wal_archive_failures',
    help: 'WAL archiving attempts that failed since the statistics were reset (pg_stat_archiver.failed_count)',
    registers,
  });

  /** The database's figures in one short query; without an answer in time they are left out. */
  async function readDatabase() {
    for (const gauge of [queueUsage, lastBackup, lastArchived, archiveFailures]) gauge.reset();
    if (!sources) return;
    try {
      const { rows } = await sources.scrapePool.query<{
        queue_usage: number;
        last_backup: number | null;
        last_archived: number | null;
        archive_failures: number;
      }>({
        text: SCRAPE_READ,
        query_timeout: SCRAPE_QUERY_MS,
      } as pg.QueryConfig);
      const [row] = rows;
      if (!row) return;
      queueUsage.set(row.queue_usage);
      lastBackup.set(row.last_backup ?? 0);
      lastArchived.set(row.last_archived ?? 0);
      archiveFailures.set(row.archive_failures);
    } catch {
      // A slow or unreachable database shows as the figures' absence (and in /api/health).
    }
  }

  return {
    registry,
    tapBatchSize,
    pushDeliveries,
    /** The gauges' sources, once started. */
    watch(given: MetricsSources) {
      sources = given;
    },
    /** Times every request of `app` by its route pattern: `procedures` bounds tRPC's label. */
    timeRequests(app: FastifyInstance, procedures: readonly string[]) {
      const known = new Set(procedures);
      app.addHook('onResponse', (request, reply, done) => {
        requestDuration.observe(
          { method: request.method, route: routeLabel(request, known), status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
        done();
      });
    },
    /** The exposition text and its content type. */
    async scrape() {
      await readDatabase();
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/**
 * The route's pattern, never the URL (the label's values stay few): `/api/user/stickers/:id`; for tRPC the
 * procedure (`/trpc/collection.setStatus`), `/trpc/(batch)` for a batch of several, `/trpc/(unknown)` for a name
 * the router lacks; `(unmatched)` for a 404 of no route.
 */
export function routeLabel(request: FastifyRequest, procedures: ReadonlySet<string>): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return '(unmatched)';
  if (pattern !== '/trpc/:path') return pattern;
  const names = new Set((request.params as { path?: string }).path?.split(','));
  if (names.size !== 1) return '/trpc/(batch)';
  const [name] = names;
  return name !== undefined && procedures.has(name) ? `/trpc/${name}` : '/trpc/(unknown)';
}
