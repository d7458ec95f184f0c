/**
 * `npm start`: builds the client when its sources are newer than the last build, then runs the server
 * in this same process, so the signals npm forwards reach it directly.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/client/index.html');
const clientInputs = ['src/client', 'src/rpc', 'vite.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (Math.max(...clientInputs.map((input) => newestChange(path.join(root, input)))) > builtAt) {
  console.log('Building the client…');
  // A child process: Vite's build sets NODE_ENV=production in the process that runs it.
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

// Before the app's modules, so that OpenTelemetry (when OTEL_EXPORTER_OTLP_ENDPOINT asks for it) wraps them.
await import('../src/server/tracing-hook.ts');
await import('../src/server/main.ts');
