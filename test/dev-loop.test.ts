import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from './support/test-server.ts';

// `npm run dev` (node --watch) and `npm run dev:client` (Vite proxying to the server) as a developer runs them.

let server: TestServer;
const children = new Set<ChildProcess>();
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  await server?.close();
});

test("under node --watch the match index's worker reports its files to the watcher, not as warnings", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-watch-'));
  dirs.push(dir);
  const script = path.join(dir, 'index.mjs');
  const matchIndex = pathToFileURL(path.resolve('src/server/matches/match-index.ts')).href;
  await fs.writeFile(
    script,
    `import { startMatchIndex } from '${matchIndex}';
     const index = startMatchIndex(${JSON.stringify(server.databaseUrl)}, (message) => console.log('warning:', message));
     await index.close();
     console.log('closed');`,
  );
  const child = spawn(process.execPath, ['--watch', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await vi.waitFor(() => expect(output).toContain('Waiting for file changes'), { timeout: 20_000 });
  child.kill('SIGTERM');
  expect(output).toContain('closed');
  expect(output).not.toContain('warning:');
});

test("Vite's dev server proxies to PORT, and a write through it passes the server's Origin check", async () => {
  vi.stubEnv('PORT', String(server.port));
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { port: 0, host: 'localhost', strictPort: false },
    logLevel: 'silent',
  });
  try {
    await vite.listen();
    const address = vite.httpServer?.address();
    const viteUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
    // As the browser sends it from the page Vite serves: its own origin, Vite's host.
    const developer = apiClient(viteUrl);
    const login = await developer.request('POST', '/api/auth/login', {
      json: TEST_ADMIN,
      headers: { origin: viteUrl },
    });
    expect(login).toMatchObject({ status: 200, body: { nickname: TEST_ADMIN.nickname } });
    const trpcWrite = await developer.request('POST', '/trpc/auth.logout?batch=1', {
      json: {},
      headers: { origin: viteUrl },
    });
    expect(trpcWrite.status).toBe(200);
    // Another site's page is still refused through the proxy.
    const foreign = await apiClient(viteUrl).request('POST', '/api/auth/login', {
      json: TEST_ADMIN,
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
  } finally {
    await vite.close();
    vi.unstubAllEnvs();
  }
});
