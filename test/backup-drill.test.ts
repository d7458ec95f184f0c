import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { backupPlace } from '../src/server/backup/backup-place.ts';
import { listBaseBackups } from '../src/server/backup/base-backup.ts';
import { embeddedClusterDir, runningEmbeddedUrl } from '../src/server/db/embedded-postgres.ts';
import { adminClientByLogin } from './support/admin-client.ts';
import { apiClient, registeredUser } from './support/api-client.ts';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { createAlbum, type TestAlbum } from './support/catalogue.ts';
import { TEST_VAPID } from './support/production-env.ts';
import { runScript } from './support/run-script.ts';
import { TEST_ADMIN } from './support/test-server.ts';

// The operator's drill (docs/decisions/030): the app on its embedded database with BACKUP_DIR on another
// path, acknowledged writes, a base backup, more writes, the data disk lost, then npm run restore.
const root = fileURLToPath(new URL('..', import.meta.url));
let base: string;
let env: Record<string, string>;
let app: AppProcess | undefined;
let album: TestAlbum;
let collector: Awaited<ReturnType<typeof registeredUser>>;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-drill-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must reach both directories.
  await fs.chmod(base, 0o755);
  env = {
    NODE_ENV: 'production',
    ...TEST_VAPID,
    EMBEDDED_DB: '1',
    DATA_DIR: path.join(base, 'data'),
    BACKUP_DIR: path.join(base, 'another-disk', 'backups'),
    SESSION_SECRET: 'a-backup-drill-session-secret-of-32-chars',
    BACKUP_ARCHIVE_TIMEOUT_S: '1',
    REGISTRATION_LIMIT_PER_HOUR: '0',
    ADMIN_NICKNAME: TEST_ADMIN.nickname,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    METRICS_TOKEN: 'a-backup-drill-metrics-token',
  };
  await fs.mkdir(path.join(base, 'another-disk'), { mode: 0o755 });
});

afterAll(async () => {
  await app?.stop();
  if (base) await fs.rm(base, { recursive: true, force: true });
});

async function start() {
  app = await startAppProcess(root, env);
  return app;
}

/** Marks stickers at once, as a collector's quick taps arrive; every one acknowledged. */
async function tap(numbers: number[], status: 'yes' | 'double') {
  const answers = await Promise.all(
    numbers.map((number) =>
      collector.api.put(`/api/user/stickers/${album.stickers[number - 1]?.id}`, { status }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(numbers.map(() => 200));
}

async function marksAfterLogin(url: string) {
  const api = apiClient(url);
  expect(
    (await api.post('/api/auth/login', { nickname: collector.nickname, password: collector.password }))
      .status,
  ).toBe(200);
  const marks = await api.get<{ stickerId: number; status: string }[]>(`/api/user/stickers/${album.id}`);
  const numberOf = new Map(album.stickers.map((sticker) => [sticker.id, Number(sticker.number)]));
  return marks.body.map((mark) => `${numberOf.get(mark.stickerId)}:${mark.status}`).sort();
}

/** Waits until the WAL holding everything written so far is archived (what archive_timeout makes happen). */
async function archivedUpToNow() {
  const client = new pg.Client({
    connectionString: (await runningEmbeddedUrl(env.DATA_DIR as string)) as string,
  });
  await client.connect();
  try {
    const [{ file }] = (
      await client.query<{ file: string }>('select pg_walfile_name(pg_current_wal_lsn() - 1) as file')
    ).rows as [{ file: string }];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ last: string | null }>(
        'select last_archived_wal as last from pg_stat_archiver',
      );
      if ((rows[0]?.last ?? '') >= file) return file;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${file} was not archived within 30 s`);
  } finally {
    await client.end();
  }
}

/** Why a failure counted, when one did: the archiver's statistics and what the embedded PostgreSQL logged. */
async function archiverComplaints() {
  const client = new pg.Client({
    connectionString: (await runningEmbeddedUrl(env.DATA_DIR as string)) as string,
  });
  await client.connect();
  const stats = await client
    .query('select * from pg_stat_archiver')
    .finally(() => client.end())
    .then(({ rows }) => JSON.stringify(rows[0]));
  const log = path.join(embeddedClusterDir(env.DATA_DIR as string), 'server.log');
  const text = await fs.readFile(log, 'utf8').catch((error: Error) => `(no server.log: ${error.message})`);
  return `${stats}\n${text.split('\n').slice(-60).join('\n')}`;
}

function killIfAlive(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The data disk lost: the app and its PostgreSQL killed outright, DATA_DIR deleted. */
async function loseTheDataDisk() {
  const postmaster = Number(
    (
      await fs.readFile(path.join(embeddedClusterDir(env.DATA_DIR as string), 'postmaster.pid'), 'utf8')
    ).split('\n')[0],
  );
  // Its children too (an archive_command still copying would write into the cluster being deleted).
  const cluster = [postmaster, ...(await descendantsOf(postmaster))];
  // One may be gone already (an archive_command finishing, PostgreSQL ending with its parent): that is fine.
  for (const pid of [app?.pid as number, ...cluster]) killIfAlive(pid);
  await app?.stop();
  app = undefined;
  await expect
    .poll(async () => (await Promise.all(cluster.map(isAlive))).some(Boolean), { timeout: 10_000 })
    .toBe(false);
  await fs.rm(env.DATA_DIR as string, { recursive: true, force: true });
}

/** A process's `/proc/<pid>/stat` after its name: state, ppid, … ('' once it is gone). */
async function procStat(pid: number | string): Promise<string[]> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
  return stat === '' ? [] : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Every process below `pid` (Linux). */
async function descendantsOf(pid: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number((await procStat(entry))[1]);
    if (ppid) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const below = (parent: number): number[] =>
    (children.get(parent) ?? []).flatMap((child) => [child, ...below(child)]);
  return below(pid);
}

/** Still running (a zombie waiting to be reaped has stopped for this purpose). */
async function isAlive(pid: number): Promise<boolean> {
  const state = (await procStat(pid))[0];
  return state !== undefined && state !== 'Z';
}

/** What a script that should fail said on stderr ('succeeded' if it did not fail). */
const failure = (run: Promise<unknown>) =>
  run.then(
    () => 'succeeded',
    (error: { stderr: string }) => error.stderr,
  );

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const expected = (first: number[], second: number[]) =>
  [...first.map((n) => `${n}:yes`), ...second.map((n) => `${n}:double`)].sort();

test('lose the data disk: npm run restore brings back every acknowledged write, and to a time, only what came before', async () => {
  const running = await start();
  album = await createAlbum((await runningEmbeddedUrl(env.DATA_DIR as string)) as string, { stickers: 60 });
  collector = await registeredUser(running.url);
  // The first scheduler tick took the daily base backup ('Backup automatici' is on by default), and the
  // admin's settings say the app backs its embedded database up.
  const place = backupPlace(env.BACKUP_DIR as string);
  await expect
    .poll(async () => (await listBaseBackups(place)).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const admin = await adminClientByLogin(running.url);
  await expect
    .poll(async () => (await admin.get('/api/admin/settings')).body, { timeout: 30_000 })
    .toMatchObject({
      autoBackup: true,
      lastBackupAt: expect.any(String),
      backups: { kind: 'embedded', retentionDays: 7, archiveTimeoutSeconds: 1 },
    });

  const firstBatch = numbers(1, 30);
  await tap(firstBatch, 'yes');
  const backup = await runScript('backup.ts', env);
  expect(backup.stdout).toMatch(/Base backup .*: \d+ files/);
  const between = new Date();
  while (Date.now() <= between.getTime() + 1) {
    // the next millisecond: the second batch commits strictly after `between`
  }
  const secondBatch = numbers(31, 60);
  await tap(secondBatch, 'double');
  await archivedUpToNow();
  // What an operator's alarms watch: archiving goes on, without failures.
  const metrics = await fetch(new URL('/metrics', running.url), {
    headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
  }).then((response) => response.text());
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
  expect(metric('wal_archive_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  expect(metric('backup_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 120);
  if (metric('wal_archive_failures') !== 0) expect.fail(await archiverComplaints());
  // Never over a running database.
  expect(await failure(runScript('restore.ts', env))).toMatch(/is running: stop the app first/);
  await loseTheDataDisk();

  const restored = await runScript('restore.ts', env);
  expect(restored.stdout).toContain('Restored from base backup');
  const afterRestore = await start();
  expect(await marksAfterLogin(afterRestore.url)).toEqual(expected(firstBatch, secondBatch));
  // With the whole output when the stop is not clean (once in r29 it exited 1 right after a restore).
  const stopped = app;
  expect(await stopped?.stop(), stopped?.output()).toBe(0);
  app = undefined;

  // To the moment between the batches: an existing database is not replaced without --force.
  expect(await failure(runScript('restore.ts', env, ['--to', between.toISOString()]))).toMatch(
    /already holds a database: run with --force/,
  );
  const toTime = await runScript('restore.ts', env, ['--to', between.toISOString(), '--force']);
  expect(toTime.stdout).toContain('Restored from base backup');
  const atThatTime = await start();
  expect(await marksAfterLogin(atThatTime.url)).toEqual(expected(firstBatch, []));
}, 240_000);

test("with an external database the app's backup commands refuse, and say whose job it is", async () => {
  const { EMBEDDED_DB: _embedded, ...rest } = env;
  const external = { ...rest, DATABASE_URL: 'postgres://scambio@127.0.0.1:9/scambio' };
  expect(await failure(runScript('backup.ts', external))).toMatch(
    /database is external: its platform takes the backups/,
  );
  expect(await failure(runScript('restore.ts', external))).toMatch(/point-in-time recovery/);
});
