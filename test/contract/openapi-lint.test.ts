import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type LintProblem = { ruleId: string; severity: 'error' | 'warn'; message: string };

test('a standard OpenAPI linter (redocly, recommended rules) finds no error in /api/openapi.json', async () => {
  const document = await (await fetch(new URL('/api/openapi.json', server.url))).text();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
  const file = path.join(dir, 'openapi.json');
  await fs.writeFile(file, document);
  const redocly = path.resolve('node_modules/@redocly/cli/bin/cli.js');
  // redocly exits 1 when it finds errors; the JSON report says which either way.
  const { stdout } = await run(process.execPath, [redocly, 'lint', file, '--format=json'], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((error: { stdout: string }) => error);
  await fs.rm(dir, { recursive: true, force: true });
  const report = JSON.parse(stdout) as { problems: LintProblem[] };
  const errors = report.problems.filter((problem) => problem.severity === 'error');
  expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
});
