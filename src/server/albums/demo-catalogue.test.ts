import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: '1' } });
});
afterAll(() => server.close());

type Album = { id: number; name: string; stickerCount: number };

test('an empty database gets the demo albums, with unique numbers in natural order', async () => {
  const user = await registeredUser(server.url);
  const albums = (await user.api.get<Album[]>('/api/albums')).body;
  expect(albums.map(({ name, stickerCount }) => ({ name, stickerCount }))).toEqual([
    { name: 'Campionato Fantasia 2026', stickerCount: 724 },
    { name: 'Animali della Natura', stickerCount: 180 },
  ]);
  type Sticker = { number: string; team: string | null; kind: string; section: string | null };
  const stickers = (await user.api.get<Sticker[]>(`/api/albums/${albums[0]?.id}/stickers`)).body;
  expect(stickers.slice(0, 3).map((sticker) => sticker.number)).toEqual(['1', '2', '3']);
  expect(stickers[0]).toMatchObject({ kind: 'base', section: null });
  // The specials are 'speciale' in their section (their team stays), then a few extras.
  expect(stickers.slice(-6)).toMatchObject([
    { number: 'SPE 19', team: 'Speciali', kind: 'speciale', section: 'Speciali' },
    { number: 'SPE 20', team: 'Speciali', kind: 'speciale', section: 'Speciali' },
    { number: 'EXT 1', kind: 'extra', section: 'Extra' },
    { number: 'EXT 2', kind: 'extra', section: 'Extra' },
    { number: 'EXT 3', kind: 'extra', section: 'Extra' },
    { number: 'EXT 4', kind: 'extra', section: 'Extra' },
  ]);
  expect(stickers[699]?.number).toBe('700');
});

test('a restart on the same database does not seed twice', async () => {
  const again = await startTestServer({ databaseUrl: server.databaseUrl, env: { SEED_DEMO: '1' } });
  try {
    const user = await registeredUser(again.url);
    expect((await user.api.get<Album[]>('/api/albums')).body).toHaveLength(2);
  } finally {
    await again.close();
  }
});
