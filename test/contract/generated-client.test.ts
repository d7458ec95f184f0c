import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAlbum } from '../support/catalogue.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * What an integrator writes: a client typed from the document (openapi-typescript + openapi-fetch) that
 * registers two collectors, marks stickers and searches matches. The script is type-checked with the
 * project's compiler (so a response without a schema fails here) and then run against the server.
 */
const integratorScript = `
import createClient from 'openapi-fetch';
import type { paths } from './api.d.ts';

const [baseUrl, albumId, stickerA, stickerB] = process.argv.slice(2);

async function collector(nickname: string) {
  let cookie = '';
  const api = createClient<paths>({
    baseUrl,
    fetch: async (request) => {
      if (cookie) request.headers.set('cookie', cookie);
      const response = await fetch(request);
      cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
      return response;
    },
  });
  const { data: me, error } = await api.POST('/api/auth/register', {
    body: { nickname, password: 'password1', cap: '20121', birthYear: 1990, birthMonth: 5 },
  });
  if (error || !me) throw new Error('registration failed: ' + JSON.stringify(error));
  const id: number = me.id;
  const shownNickname: string = me.nickname;
  return { api, id, nickname: shownNickname };
}

const anna = await collector('ANNA' + process.pid % 1000);
const bruno = await collector('BRUNO' + process.pid % 100);

// Anna has a spare of A and misses B; Bruno the other way round.
const marks = [
  [anna, stickerA, 'double'],
  [bruno, stickerB, 'double'],
] as const;
for (const [who, stickerId, status] of marks) {
  const { data, error } = await who.api.PUT('/api/user/stickers/{id}', {
    params: { path: { id: Number(stickerId) } },
    body: { status },
  });
  if (error || !data) throw new Error('marking failed: ' + JSON.stringify(error));
}
const { data: mine } = await anna.api.GET('/api/user/stickers/{id}', {
  params: { path: { id: Number(albumId) } },
});

const { data: found, error } = await anna.api.GET('/api/matches/potential', {
  params: { query: { albumId: Number(albumId), radiusKm: 10 } },
});
if (error || !found) throw new Error('search failed: ' + JSON.stringify(error));
const first = found[0];
console.log(JSON.stringify({
  marked: mine?.length,
  found: found.map((candidate) => candidate.nickname),
  compatibility: first?.compatibility,
  swaps: first?.possibleExchanges.map((swap) => [swap.myDouble, swap.theirNeed]),
  bruno: bruno.nickname,
}));
`;

test('an integrator generates a typed client from /api/openapi.json and uses it', async () => {
  const document = await (await fetch(new URL('/api/openapi.json', server.url))).json();
  const dir = await fs.mkdtemp(path.resolve('.integrator-'));
  try {
    await fs.writeFile(path.join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
    await fs.writeFile(path.join(dir, 'integrator.ts'), integratorScript);
    await fs.writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2023',
          module: 'nodenext',
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['integrator.ts'],
      }),
    );
    const tsc = path.resolve('node_modules/typescript/bin/tsc');
    const compiled = await run(process.execPath, [tsc, '-p', dir]).catch(
      (error: { stdout: string }) => error,
    );
    expect(compiled.stdout).toBe('');

    const album = await createAlbum(server.databaseUrl, { stickers: 3 });
    const [a, b] = album.stickers;
    const { stdout } = await run(process.execPath, [
      path.join(dir, 'integrator.ts'),
      server.url,
      String(album.id),
      String(a?.id),
      String(b?.id),
    ]);
    const result = JSON.parse(stdout);
    expect(result.marked).toBe(1);
    expect(result.found).toEqual([result.bruno]);
    expect(result.swaps).toEqual([[a?.number, b?.number]]);
    expect(result.compatibility).toBeGreaterThan(0);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
