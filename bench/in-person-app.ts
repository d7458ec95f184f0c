import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { buildClientInto } from '../test/support/client-build.ts';

/**
 * The app as the e2e tests run it (test/global-setup.ts, test/support/test-server.ts), outside Vitest,
 * whose `inject` those need: a throwaway embedded PostgreSQL, the production client built into a folder
 * of its own (never dist/client, which `npm test` or a deploy may be using) and the real server on a free
 * 127.0.0.1 port with the test server's settings. `close` stops and removes all of it.
 */
export async function startInPersonApp() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-in-person-'));
  await fs.chmod(dataDir, 0o755);
  const clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-client-'));
  const removeAll = () =>
    Promise.all([dataDir, clientDir].map((dir) => fs.rm(dir, { recursive: true, force: true })));
  const postgres = await startEmbeddedPostgres(dataDir, () => undefined).catch(async (error) => {
    await removeAll();
    throw error;
  });
  try {
    await buildClientInto(clientDir);
    const env = loadEnv({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
      SEED_DEMO: '0',
      TRUST_PROXY: '1',
      REGISTRATION_LIMIT_PER_HOUR: '0',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: clientDir,
    });
    const server = await startServer(env);
    return {
      url: server.url,
      databaseUrl: postgres.url,
      close: async () => {
        await server.close();
        await postgres.stop();
        await removeAll();
      },
    };
  } catch (error) {
    await postgres.stop();
    await removeAll();
    throw error;
  }
}

/** A share of the album owned, and the share of it with a double (every one a spare to give). */
export type Season = { owned: number; doubles: number };
export type Collector = Awaited<ReturnType<typeof registeredUser>> & { states: (0 | 1 | 2)[] };

/** Random but the same every run: mulberry32. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A collector registered through the API whose album is marked with the fast entry (`POST
 * /api/user/stickers/bulk`) as `season` says, the stickers drawn from `seed`. `states` is what their
 * code says of each sticker in album order: 0 missing, 1 owned, 2 a double to give.
 */
export async function collectorWith(
  url: string,
  album: TestAlbum,
  season: Season,
  seed: number,
): Promise<Collector> {
  const user = await registeredUser(url);
  const random = seeded(seed);
  const states = album.stickers.map(() => {
    const draw = random();
    if (draw < season.doubles) return 2;
    return draw < season.owned ? 1 : 0;
  });
  for (const [status, state] of [
    ['yes', 1],
    ['double', 2],
  ] as const) {
    const stickerIds = album.stickers.filter((_, i) => states[i] === state).map((sticker) => sticker.id);
    const response = await user.api.post('/api/user/stickers/bulk', {
      albumId: album.id,
      stickerIds,
      status,
    });
    if (response.status !== 200) throw new Error(`bulk ${status}: ${JSON.stringify(response.body)}`);
  }
  return { ...user, states };
}

/** A `stickers`-sticker album straight into the database (the admin panel's code). */
export const albumOf = (databaseUrl: string, stickers: number) =>
  createAlbum(databaseUrl, { name: 'Tavolo', stickers });
