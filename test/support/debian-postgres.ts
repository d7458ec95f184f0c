import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, postgresSystemUser } from '../../src/server/db/embedded-postgres.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (`apt-get install postgresql-15`; `.ci/run` installs it when missing). */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export type ExternalPostgres = {
  /** A superuser URL of the `postgres` database. */
  url: string;
  port: number;
  /** With `tls`: the server's self-signed certificate (its own CA), for `sslrootcert`. */
  certificateFile?: string;
  /** Creates an empty database and answers its URL. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * An external PostgreSQL for tests of what production runs against: a Debian cluster in a temporary
 * directory on a free port, nothing shared with the app's embedded binaries. As root it runs as the
 * `postgres` system user, as the embedded one does. With `tls` it also accepts TLS, with a self-signed
 * certificate for 127.0.0.1 made by openssl (which Debian's PostgreSQL depends on).
 */
export async function startDebianPostgres({ tls = false } = {}): Promise<ExternalPostgres> {
  const runAs = await postgresSystemUser();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-debian-pg-'));
  await fs.chmod(dir, 0o755);
  const clusterDir = path.join(dir, 'cluster');
  await fs.mkdir(clusterDir, { mode: 0o700 });
  if (runAs) await fs.chown(clusterDir, runAs.uid, runAs.gid);
  await run(
    path.join(DEBIAN_POSTGRES_BIN, 'initdb'),
    [`--pgdata=${clusterDir}`, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C.UTF-8'],
    { ...runAs },
  );
  const port = await freePort();
  const pgCtl = path.join(DEBIAN_POSTGRES_BIN, 'pg_ctl');
  let options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`;
  let certificateFile: string | undefined;
  if (tls) {
    certificateFile = path.join(dir, 'server.crt');
    const keyFile = path.join(clusterDir, 'server.key');
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certificateFile],
    ]);
    if (runAs) await fs.chown(keyFile, runAs.uid, runAs.gid);
    await fs.chmod(keyFile, 0o600);
    options += ` -c ssl=on -c ssl_cert_file=${certificateFile} -c ssl_key_file=${keyFile}`;
  }
  await run(
    pgCtl,
    ['start', '-w', '-t', '60', '-D', clusterDir, '-l', path.join(clusterDir, 'server.log'), '-o', options],
    { ...runAs },
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    certificateFile,
    createDatabase: async (name) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    stop: async () => {
      await run(pgCtl, ['stop', '-w', '-m', 'fast', '-D', clusterDir], { ...runAs });
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
