import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { connectionConfig } from '../db/connection-config.ts';
import type { BackupPlace } from './backup-place.ts';
import { flush, writeDurably } from './durable-file.ts';

/** What `manifest.json` of a base backup says; a backup directory without one is unfinished. */
export type BaseBackupManifest = {
  format: 1;
  id: string;
  startedAt: string;
  stoppedAt: string;
  /** The WAL file the backup starts in: every archived file from it on may be needed to restore it. */
  startWalFile: string;
  startLsn: string;
  stopLsn: string;
  postgresVersion: string;
  /** The last migration applied when it began. */
  schemaVersion: string | null;
  files: number;
  bytes: number;
  storedBytes: number;
};

export type BaseBackup = { dir: string; manifest: BaseBackupManifest; seconds: number };

// Left out of a base backup, as the PostgreSQL manual's low-level API section lists: what the server
// rebuilds or never needs again. Directories listed here are kept, empty.
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'pg_internal.init',
  // Ours: the server's log (pg_ctl -l) holds nothing to restore.
  'server.log',
]);

/**
 * A base backup of the embedded cluster in `clusterDir`, taken through PostgreSQL's low-level API
 * (docs/decisions/030): `pg_backup_start` on a connection held to the end, every file of the cluster
 * copied while the server runs (gzipped one by one into `data/`), then `pg_backup_stop`, which waits for
 * the WAL the backup needs to be archived and answers the `backup_label` written into the copy. It is
 * written under `<id>.partial` and renamed once whole, with its manifest and the cluster's password.
 * Reading and writing stream through libuv's pool: the app's event loop keeps answering.
 */
export async function takeBaseBackup(options: {
  url: string;
  clusterDir: string;
  passwordFile: string;
  place: BackupPlace;
  now?: Date;
}): Promise<BaseBackup> {
  const started = performance.now();
  const startedAt = options.now ?? new Date();
  const id = startedAt.toISOString().replace(/[:.]/g, '-');
  const dir = path.join(options.place.baseDir, id);
  const partial = `${dir}.partial`;
  await fs.mkdir(path.join(partial, 'data'), { recursive: true, mode: 0o700 });
  const client = new pg.Client(connectionConfig(options.url, 'backup'));
  await client.connect();
  try {
    const [schema] = (
      await client.query<{ name: string | null }>(
        `select (select name from mikro_orm_migrations order by id desc limit 1) as name`,
      )
    ).rows;
    const [start] = (
      await client.query<{ lsn: string; file: string }>(
        `select lsn::text, pg_walfile_name(lsn) as file from pg_backup_start($1, true) as lsn`,
        [`scambio-figurine ${id}`],
      )
    ).rows;
    const copied = await copyCluster(options.clusterDir, path.join(partial, 'data'));
    const [stop] = (
      await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null; at: Date }>(
        `select lsn::text, labelfile, spcmapfile, now() as at from pg_backup_stop(true)`,
      )
    ).rows;
    if (!start || !stop) throw new Error('pg_backup_start or pg_backup_stop answered nothing');
    await writeDurably(path.join(partial, 'data', 'backup_label'), stop.labelfile);
    if (stop.spcmapfile) await writeDurably(path.join(partial, 'data', 'tablespace_map'), stop.spcmapfile);
    await fs.copyFile(options.passwordFile, path.join(partial, 'postgres-password'));
    const manifest: BaseBackupManifest = {
      format: 1,
      id,
      startedAt: startedAt.toISOString(),
      stoppedAt: new Date(stop.at).toISOString(),
      startWalFile: start.file,
      startLsn: start.lsn,
      stopLsn: stop.lsn,
      postgresVersion: (await fs.readFile(path.join(options.clusterDir, 'PG_VERSION'), 'utf8')).trim(),
      schemaVersion: schema?.name ?? null,
      ...copied,
    };
    await writeDurably(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(partial, dir);
    return { dir, manifest, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    // A backup left started ends with its session; the partial copy goes.
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
}

// Files copied at once: a backup's time goes mostly into each file's flush, which overlap.
const COPIES_AT_ONCE = 8;

/** Copies the cluster's files, gzipped, into `target`; files that vanish meanwhile are skipped (WAL replay has them). */
async function copyCluster(source: string, target: string) {
  const files: string[] = [];
  async function walk(relative: string) {
    const entries = await fs.readdir(path.join(source, relative), { withFileTypes: true }).catch(vanished);
    for (const entry of entries ?? []) {
      const name = path.join(relative, entry.name);
      if (entry.name.startsWith('pgsql_tmp') || SKIPPED_FILES.has(entry.name)) continue;
      if (entry.isDirectory()) {
        await fs.mkdir(path.join(target, name), { recursive: true, mode: 0o700 });
        if (!EMPTIED_DIRS.has(name)) await walk(name);
      } else if (entry.isFile()) {
        files.push(name);
      }
    }
  }
  await walk('');
  await fs.mkdir(path.join(target, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
  const totals = { files: 0, bytes: 0, storedBytes: 0 };
  let next = 0;
  async function copier() {
    while (next < files.length) {
      const name = files[next++] as string;
      const stored = path.join(target, `${name}.gz`);
      const size = await copyFile(path.join(source, name), stored);
      if (size === undefined) continue;
      totals.files += 1;
      totals.bytes += size;
      totals.storedBytes += (await fs.stat(stored)).size;
    }
  }
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
  return totals;
}

/** Its size as read, or undefined when it vanished before it could be opened. */
async function copyFile(source: string, target: string): Promise<number | undefined> {
  let size = 0;
  const input = createReadStream(source);
  input.on('data', (chunk) => {
    size += chunk.length;
  });
  try {
    await pipeline(input, createGzip({ level: 1 }), createWriteStream(target, { mode: 0o600 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.rm(target, { force: true });
    return undefined;
  }
  await flush(target);
  return size;
}

function vanished(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}

/** The finished base backups in `place`, oldest first. */
export async function listBaseBackups(
  place: BackupPlace,
): Promise<{ dir: string; manifest: BaseBackupManifest }[]> {
  const names = await fs.readdir(place.baseDir).catch(() => [] as string[]);
  const found = await Promise.all(
    names
      .filter((name) => !name.endsWith('.partial'))
      .map(async (name) => {
        const dir = path.join(place.baseDir, name);
        const manifest = await fs
          .readFile(path.join(dir, 'manifest.json'), 'utf8')
          .then((text) => JSON.parse(text) as BaseBackupManifest)
          .catch(() => undefined);
        return manifest ? { dir, manifest } : undefined;
      }),
  );
  return found
    .filter((backup) => backup !== undefined)
    .sort((a, b) => a.manifest.stoppedAt.localeCompare(b.manifest.stoppedAt));
}
