import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where a run leaves its per-file durations (the JSON reporter's full report sits beside it). */
export const RESULTS_DIR = 'test-results';
export const DURATIONS_FILE = 'file-durations.json';

/** A file's whole cost in its worker: its set-up, import and collection, and its tests and hooks. */
function fileMs(module: TestModule) {
  const diagnostic = module.diagnostic();
  return (
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.setupDuration +
    diagnostic.collectDuration +
    diagnostic.duration
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * What `npm test` prints at its end, after the default reporter: the time of each project's files, the
 * ten slowest files, and every test that passed only on a retry (CI retries once as a guard: a test that
 * needs it is a bug with a cause, docs/decisions/043). It also writes each file's duration to
 * test-results/file-durations.json, which `npm run test:durations` keeps as the order of the next runs.
 */
export default class RunSummary implements Reporter {
  private startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const files = modules.map((module) => ({
      file: path.relative(root, module.moduleId),
      project: module.project.name || 'default',
      ms: fileMs(module),
      tests: [...module.children.allTests()].length,
    }));
    const byProject = new Map<string, { files: number; tests: number; ms: number }>();
    for (const { project, ms, tests } of files) {
      const total = byProject.get(project) ?? { files: 0, tests: 0, ms: 0 };
      byProject.set(project, { files: total.files + 1, tests: total.tests + tests, ms: total.ms + ms });
    }
    const retried = modules.flatMap((module) =>
      [...module.children.allTests()]
        .filter((test) => test.result().state === 'passed' && test.diagnostic()?.flaky)
        .map((test) => `${path.relative(root, module.moduleId)} › ${test.fullName}`),
    );
    const lines = [
      '',
      `Run: ${seconds(Date.now() - this.startedAt)} of wall time, ${files.length} files`,
      ...[...byProject].map(
        ([project, total]) =>
          `  ${project}: ${total.files} files, ${total.tests} tests, ${seconds(total.ms)} in their workers`,
      ),
      'Slowest files:',
      ...files
        .toSorted((a, b) => b.ms - a.ms)
        .slice(0, 10)
        .map(({ file, project, ms }) => `  ${seconds(ms).padStart(8)}  ${file} (${project})`),
      `Tests that passed only on a retry: ${retried.length}`,
      ...retried.map((name) => `  ${name}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const durations = Object.fromEntries(files.map(({ file, ms }) => [file, Math.round(ms)]));
    fs.writeFileSync(path.join(RESULTS_DIR, DURATIONS_FILE), `${JSON.stringify(durations, null, 2)}\n`);
  }
}
