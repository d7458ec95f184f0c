import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppProcess, startAppProcess } from './app-process.ts';
import { createAlbum, type TestAlbum } from './catalogue.ts';
import { createTestDatabase } from './database.ts';
import { TEST_ADMIN, TEST_SESSION_SECRET } from './test-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The app as production runs it, a process of its own that a test may kill (SIGKILL) and start again, on
 * a test database of the file's own with an album of `stickers`: the crash tests' harness. A restart keeps
 * its data dir (its VAPID keys). `env` adds to its environment, read at each start (a push service's
 * address is known only once it runs). Set up in `beforeAll`; the running app stopped in `afterAll`.
 */
export function setUpCrashableApp({
  stickers,
  env = () => ({}),
}: {
  stickers: number;
  env?: () => Record<string, string>;
}) {
  let setUp: { databaseUrl: string; dataDir: string; album: TestAlbum } | undefined;
  let app: AppProcess | undefined;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase(inject('clusterUrl'));
    const dataDir = await fs.mkdtemp(path.join(inject('runDir'), 'crashable-app-'));
    setUp = { databaseUrl, dataDir, album: await createAlbum(databaseUrl, { stickers }) };
  });
  afterAll(async () => {
    await app?.stop();
    if (setUp) await fs.rm(setUp.dataDir, { recursive: true, force: true });
  });
  const started = () => {
    if (!setUp) throw new Error('The crashable app is set up in beforeAll: use it inside a test.');
    return setUp;
  };
  return {
    get databaseUrl() {
      return started().databaseUrl;
    },
    get album() {
      return started().album;
    },
    /** The app now running (the last one started). */
    get app() {
      if (!app) throw new Error('start() the app first');
      return app;
    },
    /** Starts the app (again, after a kill) and answers it once it is ready. */
    async start() {
      app = await startAppProcess(root, {
        NODE_ENV: 'test',
        DATABASE_URL: started().databaseUrl,
        DATA_DIR: started().dataDir,
        SESSION_SECRET: TEST_SESSION_SECRET,
        ADMIN_NICKNAME: TEST_ADMIN.nickname,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SEED_DEMO: '0',
        TRUST_PROXY: '1',
        REGISTRATION_LIMIT_PER_HOUR: '0',
        PASSWORD_HASH_COST: 'test',
        QUIET_HOURS_DEFAULT: 'none',
        CLIENT_DIR: inject('clientDir'),
        ...env(),
      });
      return app;
    },
  };
}

/** Whether a process of that id still exists. */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits, bounded, for `condition`; fails saying `what` did not happen. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
