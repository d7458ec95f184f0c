import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/db/embedded-postgres.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Node 24: the runner's own when it is (npm scripts put node_modules' first on PATH), else that one. */
export const node24 =
  Number(process.versions.node.split('.')[0]) >= 24
    ? process.execPath
    : path.join(root, 'node_modules/node/bin/node');

export type AppProcess = {
  url: string;
  pid: number;
  readyAfterMs: number;
  output: () => string;
  /** Sends a signal (a drain's test sends SIGTERM, then a second one). */
  kill: (signal: NodeJS.Signals) => void;
  /** Settles with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

/**
 * The app as production runs it: `node <args>` in its own process, started with `env` (nothing inherited
 * but PATH), ready when it logs that it is. stop() sends SIGTERM and answers the exit code.
 */
export async function startAppProcess(
  cwd: string,
  env: Record<string, string>,
  args = ['src/server/main.ts'],
): Promise<AppProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(node24, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('è pronto')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
  const readyAfterMs = performance.now() - started;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    readyAfterMs,
    output: () => output,
    kill: (signal) => child.kill(signal),
    exited,
    stop: () => stopProcess(child),
  };
}

function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}
