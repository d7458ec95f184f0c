import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { apiClient, registeredUser } from './support/api-client.ts';
import { type AppProcess, node24, startAppProcess } from './support/app-process.ts';
import { type ExternalPostgres, startDebianPostgres } from './support/debian-postgres.ts';
import { TEST_VAPID } from './support/production-env.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
let releaseDir: string;
let postgres: ExternalPostgres;
let app: AppProcess;
let migrateOutput: string;
// The release's start command, as its package.json and the Dockerfile have it.
const startArgs = ['--import', './src/server/tracing-hook.ts', 'src/server/main.ts'];

// One release per run: building it (npm ci --omit=dev) takes the better part of a minute.
beforeAll(async () => {
  releaseDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-release-')), 'release');
  postgres = await startDebianPostgres();
  // The run's client build goes in (RELEASE_BUILD_CLIENT=1 builds one as `npm run release` does).
  const client = process.env.RELEASE_BUILD_CLIENT === '1' ? [] : ['--client', inject('clientDir')];
  execFileSync(node24, ['scripts/release.ts', releaseDir, ...client], { cwd: root, stdio: 'pipe' });
  const production = {
    NODE_ENV: 'production',
    ...TEST_VAPID,
    DATABASE_URL: await postgres.createDatabase('release'),
    SESSION_SECRET: 'a-release-test-secret-of-32-chars-or-more',
  };
  // The deployment's order: the migration step, then the app.
  migrateOutput = execFileSync(node24, ['scripts/migrate.ts'], {
    cwd: releaseDir,
    env: { PATH: process.env.PATH, ...production },
    encoding: 'utf8',
  });
  app = await startAppProcess(
    releaseDir,
    {
      ...production,
      DATA_DIR: path.join(releaseDir, 'data'),
      REGISTRATION_LIMIT_PER_HOUR: '0',
    },
    startArgs,
  );
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await postgres?.stop();
  if (releaseDir) await fs.rm(path.dirname(releaseDir), { recursive: true, force: true });
});

test('the release holds what runs and nothing to build', async () => {
  const manifest = JSON.parse(await fs.readFile(path.join(releaseDir, 'package.json'), 'utf8'));
  expect(manifest.scripts).toEqual({
    start: `node ${startArgs.join(' ')}`,
    migrate: 'node scripts/migrate.ts',
    backup: 'node scripts/backup.ts',
    restore: 'node scripts/restore.ts',
  });
  await fs.access(path.join(releaseDir, 'dist/client/index.html'));
  await fs.access(path.join(releaseDir, 'src/server/collection/sql/mark-stickers.sql'));
  // Production dependencies only: no build tool, no test runner, no Node of its own.
  for (const devOnly of ['vite', 'vitest', '@biomejs/biome', 'node', 'pino-pretty']) {
    await expect(fs.access(path.join(releaseDir, 'node_modules', devOnly))).rejects.toThrow();
  }
  const tests = (await fs.readdir(path.join(releaseDir, 'src'), { recursive: true })).filter((file) =>
    file.endsWith('.test.ts'),
  );
  expect(tests).toEqual([]);
});

test("the release's migration step applies the schema, and the app then finds nothing to apply", () => {
  expect(migrateOutput).toMatch(/Applied migration Migration\d+_initial/);
  expect(migrateOutput).toContain('Schema up to date');
  expect(app.output()).not.toContain('Applied migration');
});

test('the release serves the app and the API against an external PostgreSQL', async () => {
  expect(await apiClient(app.url).get('/api/health')).toMatchObject({ status: 200, body: { ok: true } });
  expect(await apiClient(app.url).get('/api/ready')).toMatchObject({ status: 200 });
  const login = await fetch(new URL('/login', app.url));
  expect(login.status).toBe(200);
  expect(login.headers.get('content-type')).toContain('text/html');
  expect(await login.text()).toMatch(/^<!doctype html>/i);
  const collector = await registeredUser(app.url);
  const answer = await apiClient(app.url).post('/api/auth/login', {
    nickname: collector.nickname,
    password: collector.password,
  });
  expect(answer.status).toBe(200);
  console.log(`release: ready ${Math.round(app.readyAfterMs)} ms after node started`);
});

test('SIGTERM stops the release cleanly', async () => {
  expect(await app.stop()).toBe(0);
});
