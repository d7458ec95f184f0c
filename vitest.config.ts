import fs from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import SlowestFirst from './test/support/slowest-first.ts';

/*
 * The suite in four projects (docs/decisions/043), so that what can be shared is shared and nothing else:
 * - `unit`: files that start nothing (no server, database or browser) run one after another in the same
 *   process, without a fresh module graph each (isolate: false): ~2 s of imports once, not per file.
 * - `server`: files that talk to a test server through its API share their worker's server
 *   (test/support/test-server.ts), each test with data of its own.
 * - `browser`: the e2e files share their worker's server and Chromium (e2e/support/e2e-app.ts).
 * - `own`: files that need a process, a database or a server of their own (an empty database, counts of
 *   the whole database, real app processes and signals, PostgreSQL 15 and PgBouncer, the run's build),
 *   each in a fresh process as before.
 * Which project a file is in follows from what it uses (`project()` below), except for OWN_FILES.
 */

/** Files of src/ and e2e/ that need a database or server of their own: they read the whole database. */
const OWN_FILES = [
  // The whole catalogue: the admin's order of every album, the catalogue's first album, the dashboard's counts.
  'src/rpc/albums.test.ts',
  'src/rpc/collection.test.ts',
  'src/rpc/users-admin.test.ts',
  // The admin panel's lists: every album (reset by the file), every report, every error report.
  'e2e/admin-albums.test.ts',
  'e2e/admin-shell.test.ts',
  'e2e/error-reporting.test.ts',
];

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts'];
/** startTestServer, and the harnesses around it: setUpServerWithMail, setUpTwoServersWithPush, setUpE2eApp… */
const STARTS_A_SERVER = /\b(startTestServer|setUp\w*(Server|App)\w*)\(/;
const USES_THE_CLUSTER =
  /\binject\(|createTestDatabase|startAppProcess|startDebianPostgres|startEmbeddedPostgres/;

type Project = 'unit' | 'server' | 'browser' | 'own';
function project(file: string): Project {
  if (file.startsWith('test/') || OWN_FILES.includes(file)) return 'own';
  const source = fs.readFileSync(file, 'utf8');
  if (file.startsWith('e2e/') && source.includes('setUpE2eApp(')) return 'browser';
  if (STARTS_A_SERVER.test(source)) return 'server';
  if (USES_THE_CLUSTER.test(source)) return 'own';
  return 'unit';
}

const files = fs.globSync(ALL).sort();
const filesOf = (name: Project) => files.filter((file) => project(file) === name);

/** What every project runs with (projects do not inherit the root's test options). */
const common = {
  setupFiles: ['test/setup-env.ts'],
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 90_000,
  // Browser checks poll for what a screen shows after an action (a render, a lazy chunk, a navigation)
  // instead of reading it at one instant; 5 s leaves room on a loaded 2-core machine.
  expect: { poll: { timeout: 5_000 } },
  // On CI a failing test is run once more, as a guard: the run's summary names every test that needed it
  // (test/support/run-summary.ts), each a bug to fix at its cause. Locally every flake shows.
  retry: process.env.CI ? 1 : 0,
  env: { NODE_ENV: 'test' },
  sequence: { sequencer: SlowestFirst },
} satisfies TestProjectInlineConfiguration['test'];

const projects: TestProjectInlineConfiguration[] = [
  { test: { ...common, name: 'unit', include: filesOf('unit'), isolate: false } },
  {
    test: {
      ...common,
      name: 'server',
      include: filesOf('server'),
      isolate: false,
      provide: { shareServers: true },
    },
  },
  {
    test: {
      ...common,
      name: 'browser',
      include: filesOf('browser'),
      isolate: false,
      provide: { shareServers: true },
    },
  },
  { test: { ...common, name: 'own', include: filesOf('own') } },
];

export default defineConfig({
  test: {
    // Once per run, for every project: the PostgreSQL cluster and the client build.
    globalSetup: ['test/global-setup.ts'],
    provide: { shareServers: false },
    projects,
    // Three on the 2-core machine: the files wait a good part of their time (a browser's page, a server's
    // timer, a lease running out), and a third worker fills it: 825 → 609 s for the same run (decision 043).
    maxWorkers: 3,
    // The slowest files first, by an earlier run's durations (test/file-durations.json).
    sequence: { sequencer: SlowestFirst },
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/vitest.json' }],
      './test/support/run-summary.ts',
    ],
  },
});
