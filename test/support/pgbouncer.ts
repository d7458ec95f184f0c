import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, postgresSystemUser } from '../../src/server/db/embedded-postgres.ts';

/** Debian's PgBouncer (`apt-get install pgbouncer`; `.ci/run` installs it when missing). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

export type PgBouncer = {
  /** `postgresUrl` with PgBouncer's address in place of the server's. */
  urlFor: (postgresUrl: string) => string;
  /** What it logged so far. */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * PgBouncer in transaction mode in front of the PostgreSQL on `postgresPort`, as a platform offers it: a
 * server connection is the client's for one transaction only, so nothing of a session (LISTEN, advisory
 * locks, named prepared statements, SET, start-up `options`) survives it. At most `serverConnections`
 * server connections per database and user. It refuses to run as root: as root it runs as `postgres`.
 */
export async function startPgBouncer(postgresPort: number, serverConnections = 4): Promise<PgBouncer> {
  const runAs = await postgresSystemUser();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-pgbouncer-'));
  await fs.chmod(dir, 0o755);
  const port = await freePort();
  const usersFile = path.join(dir, 'users.txt');
  await fs.writeFile(usersFile, '"postgres" ""\n', { mode: 0o644 });
  const configFile = path.join(dir, 'pgbouncer.ini');
  await fs.writeFile(
    configFile,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${postgresPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${usersFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 500',
      'server_reset_query =',
      'admin_users = postgres',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child = spawn(PGBOUNCER, [configFile], { stdio: ['ignore', 'pipe', 'pipe'], ...runAs });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('process up')) resolve();
    };
    child.stderr.on('data', check);
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`pgbouncer exited with ${code}:\n${output}`)));
  });
  return {
    urlFor: (postgresUrl) => {
      const url = new URL(postgresUrl);
      url.port = String(port);
      return url.toString();
    },
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
