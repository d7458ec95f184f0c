import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { seedDemoCatalogue } from './albums/demo-catalogue.ts';
import { ensureAdmin } from './auth/admin-bootstrap.ts';
import { createLoginThrottle } from './auth/login-throttle.ts';
import { chatSubscriptions } from './chat/chat-subscriptions.ts';
import { startTapBatches, TAP_BATCHES_IN_FLIGHT } from './collection/tap-batches.ts';
import { readOrCreateSecret } from './data-dir-secret.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { openDatabase } from './db/orm.ts';
import type { Env } from './env.ts';
import { buildApp } from './http/app.ts';
import { type MatchIndex, startMatchIndex } from './matches/match-index.ts';
import { startNotificationBus } from './notifications/notification-bus.ts';
import { createRateLimits } from './rate-limits.ts';
import { startScheduler } from './settings/scheduler.ts';

export type RunningServer = { url: string; port: number; matchIndex: MatchIndex; close: () => Promise<void> };

/**
 * Starts everything the app needs, in order: the database (embedded unless DATABASE_URL is set), the
 * migrations, the admin account, then the HTTP server. close() stops them in the reverse order.
 */
export async function startServer(
  env: Env,
  print: (line: string) => void = console.log,
): Promise<RunningServer> {
  await fs.mkdir(env.dataDir, { recursive: true });
  const embedded = env.DATABASE_URL ? undefined : await startEmbeddedPostgres(env.dataDir, print);
  const databaseUrl = env.DATABASE_URL ?? (embedded as EmbeddedPostgres).url;
  const orm = await openDatabase(databaseUrl, print);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const notificationBus = startNotificationBus(databaseUrl, {
    warn: (...args: unknown[]) => print(String(args.at(-1))),
  });
  const matchIndex = startMatchIndex(databaseUrl, print);
  // Sticker taps, written in groups (docs/decisions/019), on connections of their own.
  const tapPool = new pg.Pool({ connectionString: databaseUrl, max: TAP_BATCHES_IN_FLIGHT });
  const tapBatches = startTapBatches(tapPool);
  const stopDatabase = async () => {
    await tapBatches.close();
    await tapPool.end();
    await matchIndex.close();
    await notificationBus.close();
    await pool.end();
    await orm.close();
    await embedded?.stop();
  };
  try {
    const sessionSecret =
      env.SESSION_SECRET ?? (await readOrCreateSecret(path.join(env.dataDir, 'session-secret')));
    const admin =
      env.ADMIN_NICKNAME && env.ADMIN_PASSWORD
        ? { nickname: env.ADMIN_NICKNAME, password: env.ADMIN_PASSWORD }
        : undefined;
    await ensureAdmin(orm.em.fork(), admin, print);
    if (env.SEED_DEMO === '1') await seedDemoCatalogue(orm.em.fork(), print);
    const app = await buildApp(orm, {
      env,
      sessionSecret,
      loginThrottle: createLoginThrottle(pool),
      rateLimits: createRateLimits(pool, env),
      chatSubscriptions: chatSubscriptions(notificationBus),
      matchIndex,
      tapBatches,
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const scheduler = startScheduler({
      orm,
      dataDir: env.dataDir,
      log: app.log,
      pinnedLogLevel: env.LOG_LEVEL,
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    return {
      url: `http://localhost:${port}`,
      port,
      matchIndex,
      close: async () => {
        await scheduler.stop();
        await app.close();
        await stopDatabase();
      },
    };
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}
