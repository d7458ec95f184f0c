import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { loadEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/logger.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ADMIN = { nickname: 'CAPO', password: 'admin-password-1' } as const;
/** The test servers' session secret: a test may seal a session cookie itself (session-cookies.ts). */
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export type TestServer = RunningServer & { databaseUrl: string; dataDir: string };
type Options = { databaseUrl?: string; env?: Record<string, string>; logDestination?: DestinationStream };

/**
 * The real server (real HTTP, real sessions, real PostgreSQL) on a free 127.0.0.1 port, with a database
 * of its own. Pass `databaseUrl` to start a second instance on the same database, `logDestination` (and a
 * LOG_LEVEL in `env`) to read what it logs.
 *
 * In the projects that share servers (vitest.config.ts: `shareServers`), a file asking for a plain server
 * (no options) gets its worker's, started once and used by every such file the worker runs after it,
 * each test with data of its own (fresh collectors, albums of its own); its `close()` does nothing, and
 * the server ends with the worker. A file asking for a server with options gets one of its own. The files that need an empty database, or
 * read counts of the whole database, run in the `own` project, where every call starts a server.
 */
export async function startTestServer(options: Options = {}): Promise<TestServer> {
  if (!inject('shareServers') || Object.keys(options).length > 0) return startOwnServer(options);
  sharedServer ??= startOwnServer(options);
  return { ...(await sharedServer), close: async () => undefined };
}

/** This worker's shared server. */
let sharedServer: Promise<TestServer> | undefined;

async function startOwnServer(options: Options): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase(inject('clusterUrl')));
  const dataDir = await fs.mkdtemp(path.join(inject('runDir') ?? os.tmpdir(), 'server-'));
  const values: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ADMIN_NICKNAME: TEST_ADMIN.nickname,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    REGISTRATION_LIMIT_PER_HOUR: '0',
    // Passwords hashed at argon2id's smallest settings: the owasp ones only where they are the subject.
    PASSWORD_HASH_COST: 'test',
    QUIET_HOURS_DEFAULT: 'none',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: inject('clientDir'),
    ...options.env,
  };
  // A server started as production (its refusals the subject) hashes as production does.
  if (values.NODE_ENV !== 'test') delete values.PASSWORD_HASH_COST;
  // An empty value unsets a default (e.g. LOG_LEVEL: '' lets the admin's log level setting apply).
  const env = loadEnv(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
  const server = await startServer(env, await createLogger(env, options.logDestination));
  return {
    ...server,
    databaseUrl,
    dataDir,
    close: async () => {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
