import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import {
  embeddedClusterDir,
  embeddedPasswordFile,
  postgresSystemUser,
  runningEmbeddedUrl,
  startCluster,
  stopCluster,
  writeServerSettings,
} from '../db/embedded-postgres.ts';
import { archiveSettings, type BackupPlace, prepareBackupPlace, recoverySettings } from './backup-place.ts';
import { type BaseBackupManifest, listBaseBackups } from './base-backup.ts';

const RECOVERY_WAIT_MS = 6 * 60 * 60 * 1000;

/** A refusal an operator can act on: said plainly, without a stack. */
export class RestoreRefused extends Error {}

export type Restored = {
  backup: BaseBackupManifest;
  recoveredTo: string;
  seconds: number;
  replaced?: string;
};

/**
 * Builds the embedded cluster of `dataDir` anew from `place` (docs/decisions/030): the newest base backup
 * (finished before `to`, when given), then the archived WAL replayed by PostgreSQL's own recovery
 * (`restore_command`; up to `to`, else to the archive's end), promoted, and stopped cleanly, so that the
 * app then starts on it normally. It never touches a running cluster, and an existing one only with
 * `force`, which moves it aside rather than deleting it.
 */
export async function restoreEmbedded(options: {
  dataDir: string;
  place: BackupPlace;
  archiveTimeoutSeconds: number;
  to?: Date | undefined;
  force?: boolean;
  log: (line: string) => void;
}): Promise<Restored> {
  const started = performance.now();
  const { dataDir, place, to, log } = options;
  const clusterDir = embeddedClusterDir(dataDir);
  if (await runningEmbeddedUrl(dataDir)) {
    throw new RestoreRefused(`The database in ${clusterDir} is running: stop the app first.`);
  }
  const backups = await listBaseBackups(place);
  const usable = to
    ? backups.filter((backup) => Date.parse(backup.manifest.stoppedAt) < to.getTime())
    : backups;
  const chosen = usable.at(-1);
  if (!chosen) {
    throw new RestoreRefused(
      to
        ? `No base backup in ${place.baseDir} finished before ${to.toISOString()}.`
        : `No base backup in ${place.baseDir}: take one with npm run backup.`,
    );
  }
  let replaced: string | undefined;
  if (await exists(path.join(clusterDir, 'PG_VERSION'))) {
    if (!options.force) {
      throw new RestoreRefused(
        `${clusterDir} already holds a database: run with --force to set it aside and restore over it.`,
      );
    }
    replaced = `${clusterDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(clusterDir, replaced);
    log(`The existing database was moved to ${replaced}`);
  }
  const runAs = await postgresSystemUser();
  await prepareBackupPlace(place, runAs);
  // DATA_DIR as the app makes it (the server's user must reach the cluster inside).
  await fs.mkdir(dataDir, { recursive: true });
  const restoring = `${clusterDir}.restoring`;
  await fs.rm(restoring, { recursive: true, force: true });
  log(`Restoring base backup ${chosen.manifest.id} (${chosen.manifest.files} files)…`);
  await unpack(path.join(chosen.dir, 'data'), restoring);
  if (runAs) await chownTree(restoring, runAs.uid, runAs.gid);
  await fs.writeFile(path.join(restoring, 'recovery.signal'), '', { mode: 0o600 });
  const passwordFile = embeddedPasswordFile(dataDir);
  await fs.copyFile(path.join(chosen.dir, 'postgres-password'), passwordFile);
  await fs.chmod(passwordFile, 0o600);
  await writeServerSettings(
    restoring,
    {
      ...archiveSettings(place, options.archiveTimeoutSeconds),
      ...recoverySettings(place),
      // PostgreSQL's own form of a time with its zone ('T' and 'Z' are refused here).
      ...(to ? { recovery_target_time: to.toISOString().replace('T', ' ').replace('Z', '+00') } : {}),
      recovery_target_action: 'promote',
    },
    runAs,
  );
  log(to ? `Replaying the archived WAL up to ${to.toISOString()}…` : 'Replaying the archived WAL…');
  const recoveredTo = await recover(restoring, passwordFile);
  // The recovery's settings go; the app writes its own at its next start.
  await writeServerSettings(restoring, {}, runAs);
  await fs.rename(restoring, clusterDir);
  return { backup: chosen.manifest, recoveredTo, seconds: (performance.now() - started) / 1000, replaced };
}

/** Runs the recovery to its end and stops the server cleanly; answers the time of the last replayed commit. */
async function recover(clusterDir: string, passwordFile: string): Promise<string> {
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();
  let port: number;
  try {
    port = await startCluster(clusterDir, RECOVERY_WAIT_MS / 1000);
  } catch (error) {
    const said = (error as { stderr?: string }).stderr ?? (error as Error).message;
    throw new RestoreRefused(`PostgreSQL could not recover:\n${said}\n${await logTail(clusterDir)}`);
  }
  const deadline = Date.now() + RECOVERY_WAIT_MS;
  try {
    while (true) {
      const client = new pg.Client({
        connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      });
      const state = await client
        .connect()
        .then(() => client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering'))
        .then((result) => result.rows[0])
        .catch(() => undefined)
        .finally(() => client.end().catch(() => undefined));
      if (state && !state.recovering) break;
      if (!state && !(await running(clusterDir))) {
        throw new RestoreRefused(`PostgreSQL stopped during recovery:\n${await logTail(clusterDir)}`);
      }
      if (Date.now() > deadline) throw new RestoreRefused('The recovery did not end within 6 hours.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stopCluster(clusterDir).catch(() => undefined);
    throw error;
  }
  const recoveredTo = /last completed transaction was at log time ([^\n]+)/.exec(
    await logTail(clusterDir, 200),
  )?.[1];
  await stopCluster(clusterDir);
  return recoveredTo ?? 'the end of the archive';
}

async function running(clusterDir: string) {
  return exists(path.join(clusterDir, 'postmaster.pid'));
}

async function logTail(clusterDir: string, lines = 15) {
  const log = await fs.readFile(path.join(clusterDir, 'server.log'), 'utf8').catch(() => '');
  return log.split('\n').slice(-lines).join('\n');
}

/** Gunzips every `<file>.gz` of `source` into `target` as `<file>` (directories as they are). */
async function unpack(source: string, target: string) {
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  for (const entry of await fs.readdir(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    if (entry.isDirectory()) {
      await unpack(from, path.join(target, entry.name));
    } else if (entry.name.endsWith('.gz')) {
      const to = path.join(target, entry.name.slice(0, -3));
      await pipeline(createReadStream(from), createGunzip(), createWriteStream(to, { mode: 0o600 }));
    } else {
      await fs.copyFile(from, path.join(target, entry.name));
      await fs.chmod(path.join(target, entry.name), 0o600);
    }
  }
}

async function chownTree(dir: string, uid: number, gid: number) {
  await fs.chown(dir, uid, gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    await fs.chown(path.join(entry.parentPath, entry.name), uid, gid);
  }
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
