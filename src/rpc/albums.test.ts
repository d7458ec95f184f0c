import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { classifyStickers, createAlbum } from '../../test/support/catalogue.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('the album list gives id, name, stickerCount, specialCount, year and the order settings in the admin order', async () => {
  const second = await createAlbum(server.databaseUrl, {
    name: 'Secondo',
    year: 2024,
    position: 2,
    stickers: 3,
  });
  const first = await createAlbum(server.databaseUrl, {
    name: 'Primo',
    year: 2025,
    position: 1,
    stickers: 5,
  });
  const empty = await createAlbum(server.databaseUrl, { name: 'Vuoto', position: 3, stickers: [] });
  // Two speciali: Match's like-for-like switch shows for this album only (issue 49, row 3).
  await classifyStickers(server.databaseUrl, first.id, { speciale: ['4', '5'] });
  const user = await registeredUser(server.url);
  const response = await user.api.get('/api/albums');
  expect(response.status).toBe(200);
  expect(response.body).toEqual([
    {
      id: first.id,
      name: 'Primo',
      stickerCount: 5,
      specialCount: 2,
      year: 2025,
      orderLimit: 50,
      orderPriceCents: null,
    },
    {
      id: second.id,
      name: 'Secondo',
      stickerCount: 3,
      specialCount: 0,
      year: 2024,
      orderLimit: 50,
      orderPriceCents: null,
    },
    {
      id: empty.id,
      name: 'Vuoto',
      stickerCount: 0,
      specialCount: 0,
      year: 2026,
      orderLimit: 50,
      orderPriceCents: null,
    },
  ]);
});

test("the stickers come in the printed album's order (as imported) with id, number, name, team, description, kind and section", async () => {
  const album = await createAlbum(server.databaseUrl, {
    stickers: [
      { number: '10', name: 'Dieci', team: 'Rossi' },
      { number: 'ITA 10', name: 'Italia dieci', team: null, description: 'Speciale' },
      { number: '2', name: 'Due', team: 'Blu' },
      { number: 'ITA 2', name: 'Italia due' },
      { number: '1', name: 'Uno' },
    ],
  });
  const user = await registeredUser(server.url);
  const response = await user.api.get<{ number: string }[]>(`/api/albums/${album.id}/stickers`);
  expect(response.status).toBe(200);
  expect(response.body.map((sticker) => sticker.number)).toEqual(['10', 'ITA 10', '2', 'ITA 2', '1']);
  expect(response.body[3]).toEqual({
    id: expect.any(Number),
    number: 'ITA 2',
    name: 'Italia due',
    team: null,
    description: null,
    kind: 'base',
    section: null,
  });
  expect(response.body[1]).toMatchObject({ team: null, description: 'Speciale' });
});

test('album calls need a login and refuse unknown or malformed album ids', async () => {
  const anonymous = apiClient(server.url);
  expect(await anonymous.get('/api/albums')).toMatchObject({
    status: 401,
    body: { message: "Devi effettuare l'accesso" },
  });
  const user = await registeredUser(server.url);
  expect(await user.api.get('/api/albums/999999/stickers')).toMatchObject({
    status: 404,
    body: { message: 'Album non trovato' },
  });
  for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
    expect(await user.api.get(`/api/albums/${bad}/stickers`)).toMatchObject({
      status: 400,
      body: { message: 'Album non valido' },
    });
  }
});
