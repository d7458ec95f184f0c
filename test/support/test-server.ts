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

export type TestServer = RunningServer & { databaseUrl: string; dataDir: string };

/**
 * The real server (real HTTP, real sessions, real PostgreSQL) on a free 127.0.0.1 port, with a database
 * of its own. Pass `databaseUrl` to start a second instance on the same database, `logDestination` (and a
 * LOG_LEVEL in `env`) to read what it logs.
 */
export async function startTestServer(
  options: { databaseUrl?: string; env?: Record<string, string>; logDestination?: DestinationStream } = {},
) {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase(inject('clusterUrl')));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-server-'));
  const values: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ADMIN_NICKNAME: TEST_ADMIN.nickname,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    REGISTRATION_LIMIT_PER_HOUR: '0',
    // Passwords hashed at argon2id's smallest settings: the owasp ones only where they are the subject.
    PASSWORD_HASH_COST: 'test',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: inject('clientDir'),
    ...options.env,
  };
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
  } satisfies TestServer;
}
