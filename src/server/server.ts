import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { seedDemoCatalogue } from './albums/demo-catalogue.ts';
import { alertTasks } from './alerts/alert-tasks.ts';
import { loadVapidKeys } from './alerts/vapid-keys.ts';
import { ensureAdmin, generatedAdminHandOver } from './auth/admin-bootstrap.ts';
import { createLoginThrottle } from './auth/login-throttle.ts';
import { setPasswordHashCost } from './auth/password.ts';
import { passwordResetTasks } from './auth/password-reset-request.ts';
import { archiveSettings, backupPlace, prepareBackupPlace } from './backup/backup-place.ts';
import { embeddedBackupsOf } from './backup/backups.ts';
import { chatSubscriptions } from './chat/chat-subscriptions.ts';
import { startTapBatches, TAP_BATCHES_IN_FLIGHT } from './collection/tap-batches.ts';
import { readOrCreateSecret } from './data-dir-secret.ts';
import { type DatabaseUrls, poolConfig } from './db/connection-config.ts';
import { type EmbeddedPostgres, postgresSystemUser, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { openDatabase } from './db/orm.ts';
import { startDbEventBus } from './db-events/event-bus.ts';
import type { Env } from './env.ts';
import { buildApp } from './http/app.ts';
import { createMetrics } from './http/metrics.ts';
import { startMetricsServer } from './http/metrics-endpoint.ts';
import { type JobWorker, startJobWorker } from './jobs/job-queue.ts';
import { createLogger } from './logger.ts';
import { mailTasks } from './mail/mail-queue.ts';
import { mailSender } from './mail/mail-sender.ts';
import { type MatchIndex, startMatchIndex } from './matches/match-index.ts';
import { mutualCandidatesSearch } from './matches/mutual-candidates.ts';
import { createRateLimits } from './rate-limits.ts';
import { startScheduler } from './settings/scheduler.ts';
import { waitingCount } from './swaps/waiting-count.ts';
import { seedDemoCollectors } from './users/demo-collectors.ts';
import { termsNoticeTasks } from './users/terms-notice.ts';

export type RunningServer = {
  url: string;
  port: number;
  /** The port of the metrics' own server, when METRICS_PORT asks for one. */
  metricsPort?: number;
  matchIndex: MatchIndex;
  close: () => Promise<void>;
};

/**
 * Starts everything the app needs, in order: the database (embedded unless DATABASE_URL is set), the
 * migrations, the admin account, then the HTTP server. close() stops them in the reverse order. What it
 * has to say goes to `logger` (by default the one env asks for), as do the requests' lines.
 */
export async function startServer(env: Env, logger?: Logger): Promise<RunningServer> {
  setPasswordHashCost(env.PASSWORD_HASH_COST);
  const log = logger ?? (await createLogger(env));
  const print = (line: string) => log.info(line);
  await fs.mkdir(env.dataDir, { recursive: true });
  // The embedded database archives its WAL into BACKUP_DIR continuously (docs/decisions/030).
  const place = backupPlace(env.backupDir);
  if (!env.DATABASE_URL) {
    await prepareBackupPlace(place, await postgresSystemUser());
    if (env.NODE_ENV === 'production' && !path.relative(env.dataDir, env.backupDir).startsWith('..')) {
      log.warn(`BACKUP_DIR (${env.backupDir}) is inside DATA_DIR: losing that disk loses the backups too`);
    }
  }
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(env.dataDir, print, archiveSettings(place, env.BACKUP_ARCHIVE_TIMEOUT_S));
  const backups = embedded && embeddedBackupsOf(env, embedded.url);
  const pooled = env.DATABASE_URL ?? (embedded as EmbeddedPostgres).url;
  // The API's transactions may go through PgBouncer; what holds a session goes to the database itself.
  const urls: DatabaseUrls = { pooled, direct: env.DIRECT_DATABASE_URL ?? pooled };
  const orm = await openDatabase(urls.pooled, print, {
    directUrl: urls.direct,
    poolMax: env.DATABASE_POOL_MAX,
  });
  const pool = new pg.Pool(poolConfig(urls.pooled, 'queries', env.DATABASE_QUERY_POOL_MAX));
  // Each LISTEN connection's watchdog (docs/decisions/039); tests may hold one through NOTIFY.
  const listenWatchdog = {
    heartbeatMs: env.LISTEN_HEARTBEAT_MS,
    stallMs: env.LISTEN_STALL_MS,
    holdable: env.NODE_ENV === 'test',
  };
  let dbEventStalls = 0;
  const dbEventBus = startDbEventBus(
    urls.direct,
    { warn: (...args: unknown[]) => log.warn(String(args.at(-1))) },
    { pool, times: listenWatchdog, onStall: () => dbEventStalls++ },
  );
  const matchIndex = startMatchIndex(urls.direct, (message) => log.warn(message), {
    listenWatchdog,
    warmStart: true,
  });
  // Sticker taps, written in groups (docs/decisions/019), on connections of their own.
  const tapPool = new pg.Pool(poolConfig(urls.pooled, 'taps', TAP_BATCHES_IN_FLIGHT));
  // An idle connection the database ends (a restart, a failover, a stop) is dropped and replaced: without a
  // listener its 'error' event would end the process (seen stopping after a restore).
  for (const [name, idle] of [
    ['queries', pool],
    ['taps', tapPool],
  ] as const) {
    idle.on('error', (error) => log.warn({ component: 'db' }, `${name} pool: ${error.message}`));
  }
  const metrics = createMetrics();
  const tapBatches = startTapBatches(tapPool, (taps) => metrics.tapBatchSize.observe(taps));
  // The durable job queue (docs/decisions/031): mails, and the reset requests that may send one.
  const sender = mailSender(env, log);
  let jobWorker: JobWorker | undefined;
  const stopDatabase = async () => {
    await jobWorker?.stop();
    sender.close();
    await tapBatches.close();
    await tapPool.end();
    await matchIndex.close();
    await dbEventBus.close();
    await pool.end();
    await orm.close();
    await embedded?.stop();
  };
  try {
    const sessionSecret =
      env.SESSION_SECRET ?? (await readOrCreateSecret(path.join(env.dataDir, 'session-secret')));
    const vapid = await loadVapidKeys(env);
    // The alerts (docs/decisions/034): pushes and their mails, queued with the events that cause them.
    const alerts = alertTasks(orm, {
      env,
      secret: sessionSecret,
      badgeOf: waitingCount,
      vapid,
      extraHosts: env.PUSH_ENDPOINT_HOSTS,
      onOutcome: (outcome) => metrics.pushDeliveries.inc({ outcome }),
      warn: (message) => log.warn({ component: 'alerts' }, message),
      digestSearch: mutualCandidatesSearch(matchIndex),
    });
    jobWorker = await startJobWorker(
      urls.direct,
      { ...mailTasks(sender), ...passwordResetTasks(orm, env), ...termsNoticeTasks(orm, env), ...alerts },
      log,
    );
    const admin =
      env.ADMIN_NICKNAME && env.ADMIN_PASSWORD
        ? { nickname: env.ADMIN_NICKNAME, password: env.ADMIN_PASSWORD }
        : undefined;
    const handOver = generatedAdminHandOver(
      { production: env.NODE_ENV === 'production', dataDir: env.dataDir },
      print,
    );
    await ensureAdmin(orm.em.fork(), admin, handOver);
    if (env.SEED_DEMO === '1') {
      await seedDemoCatalogue(orm.em.fork(), print);
      await seedDemoCollectors(orm.em.fork(), print);
    }
    const subscriptions = chatSubscriptions(dbEventBus);
    metrics.watch({
      pools: { orm: await orm.em.getConnection().getNativeClient(), queries: pool, taps: tapPool },
      matchIndex,
      openStreams: subscriptions.openStreams,
      listenStalls: () => ({
        notifications: dbEventStalls,
        match_index: matchIndex.stats().listenerStalls,
      }),
      scrapePool: pool,
    });
    const app = await buildApp(
      orm,
      {
        env,
        sessionSecret,
        loginThrottle: createLoginThrottle(pool),
        rateLimits: createRateLimits(pool, env),
        chatSubscriptions: subscriptions,
        matchIndex,
        tapBatches,
        dbEventsListening: () => dbEventBus.listening,
        backups: backups?.info ?? { kind: 'external' },
        vapid,
      },
      log,
      metrics,
    );
    await app.listen({ port: env.PORT, host: env.HOST });
    const metricsServer =
      env.METRICS_PORT === undefined
        ? undefined
        : await startMetricsServer(metrics, env.HOST, env.METRICS_PORT).catch(async (error: unknown) => {
            await app.close();
            throw error;
          });
    const scheduler = startScheduler({
      orm,
      env,
      backups,
      log: app.log,
      pinnedLogLevel: env.LOG_LEVEL,
    });
    let closing: Promise<void> | undefined;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    return {
      url: `http://localhost:${port}`,
      port,
      metricsPort: metricsServer?.port,
      matchIndex,
      close: () => {
        // A second call (a second signal) ends the drain's delay and settles with the first.
        const drained = app.drain({ delayMs: env.DRAIN_DELAY_MS, timeoutMs: env.DRAIN_TIMEOUT_MS });
        closing ??= (async () => {
          await scheduler.stop();
          await metricsServer?.close();
          await drained;
          await stopDatabase();
        })();
        return closing;
      },
    };
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}
