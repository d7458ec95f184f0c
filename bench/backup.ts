/**
 * `npm run bench:backup`: the embedded database's base backup and restore (docs/decisions/030) at national
 * scale, on a throwaway DATA_DIR and BACKUP_DIR. The real server runs on the embedded PostgreSQL with its
 * WAL archived, seeded as bench/match.ts seeds it (100,000 collectors of one 700-sticker album). Prints
 * JSON: seeding time and database size; the base backup taken in the server's process while collectors
 * search (the scheduler's path, `embeddedBackupsOf(env, url).takeNow()`), with its manifest's size and the
 * searches' latency before and during it; the restore into an emptied DATA_DIR (`restoreEmbedded`, as
 * `npm run restore` runs it) and whether the restored database holds the same users and collections;
 * and the archived WAL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { archiveSettings, type BackupPlace, backupPlace } from '../src/server/backup/backup-place.ts';
import { embeddedBackupsOf } from '../src/server/backup/backups.ts';
import { restoreEmbedded } from '../src/server/backup/restore.ts';
import {
  type EmbeddedPostgres,
  embeddedClusterDir,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
  stopCluster,
} from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';
import { giveCollection, percentiles, seedNationalAlbum } from './national-album.ts';

const COLLECTORS = Number(process.env.BENCH_COLLECTORS ?? 100_000);
const STICKERS = 700;
const BEFORE_MS = 5_000;
const CONCURRENT_SEARCHES = 2;
const PROBE = { nickname: 'PROBE', password: 'password1', cap: '20121', birthYear: 1990, birthMonth: 5 };

const progress = (line: string) => console.error(`[bench:backup] ${line}`);
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** Registers the probe through the API (a real session) and answers its cookie. */
async function registerProbe(server: RunningServer) {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROBE),
  });
  if (!response.ok) throw new Error(`probe registration: ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The album and its collectors, written straight to the database, and the probe's collection; answers the album. */
async function seed(db: pg.Client) {
  const album = await seedNationalAlbum(db, { stickers: STICKERS, collectors: COLLECTORS });
  await giveCollection(db, PROBE.nickname, album);
  await db.query('analyze');
  return album.albumId;
}

/** Runs `work` on a client of the embedded database of `dataDir` (started by a server of ours). */
async function withDatabase<T>(dataDir: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: (await runningEmbeddedUrl(dataDir)) as string });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function rowCounts(db: pg.Client) {
  const { rows } = await db.query<{ users: string; collections: string }>(
    'select (select count(*) from app_user) as users, (select count(*) from collection) as collections',
  );
  return { users: Number(rows[0]?.users), collections: Number(rows[0]?.collections) };
}

/** Requests of `url`, `concurrency` at a time back to back; `take()` answers those finished since its last call. */
function steadyRequests(url: string, cookie: string, concurrency: number) {
  let latencies: number[] = [];
  let failed = 0;
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    take: () => {
      const taken = { latencyMs: percentiles(latencies), failed };
      latencies = [];
      failed = 0;
      return taken;
    },
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function archivedWal(place: BackupPlace) {
  const names = await fs.readdir(place.walDir);
  const sizes = await Promise.all(
    names.map(async (name) => (await fs.stat(path.join(place.walDir, name))).size),
  );
  return { files: names.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

const base = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-backup-'));
// As root the embedded PostgreSQL runs as `postgres`, which must reach DATA_DIR and BACKUP_DIR.
await fs.chmod(base, 0o755);
const env = loadEnv({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: path.join(base, 'data'),
  BACKUP_DIR: path.join(base, 'backups'),
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
});
const place = backupPlace(env.backupDir);
let server: RunningServer | undefined;
let postgres: EmbeddedPostgres | undefined;
try {
  // The probe registers on a first server, whose first scheduler tick takes the daily base backup of the
  // empty database; the collectors are then written with the database archiving its WAL as the app's does,
  // and a second server reads them into its match index at start (as bench/match.ts).
  progress('starting the server on a fresh embedded database…');
  server = await startServer(env);
  const cookie = await registerProbe(server);
  await server.close();
  server = undefined;

  progress(`seeding ${COLLECTORS} collectors…`);
  const seedStarted = performance.now();
  postgres = await startEmbeddedPostgres(
    env.dataDir,
    () => undefined,
    archiveSettings(place, env.BACKUP_ARCHIVE_TIMEOUT_S),
  );
  const { albumId, databaseBytes } = await withDatabase(env.dataDir, async (db) => {
    const albumId = await seed(db);
    const { rows } = await db.query<{ size: string }>('select pg_database_size(current_database()) as size');
    return { albumId, databaseBytes: Number(rows[0]?.size) };
  });
  const seedMs = performance.now() - seedStarted;
  await postgres.stop();
  postgres = undefined;

  progress('starting the server on the seeded database…');
  server = await startServer(env);
  server.matchIndex.load(albumId);
  await server.matchIndex.loaded(albumId);
  const url = (await runningEmbeddedUrl(env.dataDir)) as string;
  const rowsBefore = await withDatabase(env.dataDir, rowCounts);

  progress(`searching for ${BEFORE_MS / 1000} s, then taking a base backup while searching…`);
  const searches = steadyRequests(
    `${server.url}/api/matches/potential?albumId=${albumId}&radiusKm=50`,
    cookie,
    CONCURRENT_SEARCHES,
  );
  await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
  const before = searches.take();
  const backup = await embeddedBackupsOf(env, url)
    .takeNow()
    .finally(() => searches.stop());
  const during = searches.take();
  await server.close();
  server = undefined;
  const wal = await archivedWal(place);

  progress('deleting DATA_DIR and restoring…');
  await fs.rm(env.dataDir, { recursive: true, force: true });
  const restoreStarted = performance.now();
  const restored = await restoreEmbedded({
    dataDir: env.dataDir,
    place,
    archiveTimeoutSeconds: 60,
    log: () => {},
  });
  const restoreMs = performance.now() - restoreStarted;
  postgres = await startEmbeddedPostgres(env.dataDir, () => undefined);
  const rowsAfter = await withDatabase(env.dataDir, rowCounts);
  await postgres.stop();
  postgres = undefined;

  console.log(
    JSON.stringify(
      {
        collectors: COLLECTORS,
        stickers: STICKERS,
        seedSeconds: seconds(seedMs),
        databaseBytes,
        backup: {
          how: 'embeddedBackupsOf(env, url).takeNow() in the server process (the scheduler path)',
          seconds: seconds(backup.seconds * 1000),
          files: backup.manifest.files,
          bytes: backup.manifest.bytes,
          storedBytes: backup.manifest.storedBytes,
        },
        searches: {
          request: `GET /api/matches/potential radiusKm=50, ${CONCURRENT_SEARCHES} at a time`,
          before,
          duringBackup: during,
          failed: before.failed + during.failed,
        },
        restore: {
          seconds: seconds(restoreMs),
          fromBackup: restored.backup.id,
          recoveredTo: restored.recoveredTo,
          rowsBefore,
          rowsAfter,
          rowsMatch: rowsBefore.users === rowsAfter.users && rowsBefore.collections === rowsAfter.collections,
        },
        archivedWal: wal,
      },
      null,
      2,
    ),
  );
} finally {
  await server?.close();
  await postgres?.stop();
  // A database still running in DATA_DIR (a failure between a start and its stop) is stopped too.
  if (await runningEmbeddedUrl(env.dataDir).catch(() => undefined)) {
    await stopCluster(embeddedClusterDir(env.dataDir));
  }
  await fs.rm(base, { recursive: true, force: true });
}
