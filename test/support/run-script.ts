import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Runs one of `scripts/` under the project's Node, as `npm run` would, with only `env` (and PATH) set. */
export async function runScript(script: string, env: Record<string, string>, args: string[] = []) {
  return promisify(execFile)('npx', ['node', `scripts/${script}`, ...args], {
    env: { PATH: process.env.PATH, ...env },
  });
}
