/**
 * `npm run bench`: start-up and request latencies of the real server on a throwaway embedded database.
 * Prints one JSON object. Figures, not pass/fail: targets are read by people, not asserted here.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-'));
await fs.chmod(dataDir, 0o755);
const env = loadEnv({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

async function timed<T>(action: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await action();
  return [result, performance.now() - started];
}

async function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

try {
  const [cold, coldStartMs] = await timed(() => startServer(env));
  await cold.close();
  const [server, warmStartMs] = await timed(() => startServer(env));

  const register: number[] = [];
  const login: number[] = [];
  let cookie = '';
  for (let i = 0; i < 20; i++) {
    const nickname = `BENCH${i}`;
    const [, registerMs] = await timed(() =>
      post(`${server.url}/api/auth/register`, {
        nickname,
        password: 'password1',
        cap: '20121',
        birthYear: 1990,
        birthMonth: 5,
      }),
    );
    register.push(registerMs);
    const [response, loginMs] = await timed(() =>
      post(`${server.url}/api/auth/login`, { nickname, password: 'password1' }),
    );
    login.push(loginMs);
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  const me: number[] = [];
  for (let i = 0; i < 500; i++) {
    const [, ms] = await timed(() =>
      fetch(`${server.url}/api/auth/me`, { headers: { cookie } }).then((r) => r.text()),
    );
    me.push(ms);
  }
  await server.close();

  console.log(
    JSON.stringify(
      {
        coldStartMs: Math.round(coldStartMs),
        warmStartMs: Math.round(warmStartMs),
        registerMs: percentiles(register),
        loginMs: percentiles(login),
        authMeMs: percentiles(me),
      },
      null,
      2,
    ),
  );
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
