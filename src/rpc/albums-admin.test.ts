import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';

const { server, admin } = setUpServerWithAdmin();

type Album = { id: number; name: string; stickerCount: number; year: number };
type Sticker = { id: number; number: string; name: string; team: string | null; description: string | null };

const stickersOf = async (albumId: number) =>
  (await admin.get<Sticker[]>(`/api/albums/${albumId}/stickers`)).body;

test('creating an album adds it last with its initial stickers numbered from 1', async () => {
  const response = await admin.post<Album>('/api/albums', {
    name: '  Nuovo album  ',
    year: 2024,
    stickerCount: 3,
  });
  expect(response).toMatchObject({ status: 200, body: { name: 'Nuovo album', year: 2024, stickerCount: 3 } });
  expect((await stickersOf(response.body.id)).map((sticker) => sticker.number)).toEqual(['1', '2', '3']);
  // Without a count the album starts empty, waiting for its import: no nameless '1' sticker.
  const defaults = await admin.post<Album>('/api/albums', { name: 'Predefinito' });
  expect(defaults.body).toMatchObject({ year: 2025, stickerCount: 0 });
  expect(await stickersOf(defaults.body.id)).toEqual([]);
  const list = (await admin.get<Album[]>('/api/albums')).body;
  expect(list.slice(-2).map((album) => album.name)).toEqual(['Nuovo album', 'Predefinito']);
});

test('album validation: name, year 1900–2030, initial stickers 0–1000', async () => {
  const cases: [unknown, string][] = [
    [{ name: '   ', year: 2025, stickerCount: 1 }, "Inserisci il nome dell'album"],
    [{ year: 2025, stickerCount: 1 }, "Inserisci il nome dell'album"],
    [
      { name: 'x'.repeat(101), year: 2025, stickerCount: 1 },
      "Il nome dell'album non può superare 100 caratteri",
    ],
    [{ name: 'A', year: 1899, stickerCount: 1 }, "L'anno deve essere tra 1900 e 2030"],
    [{ name: 'A', year: 2031, stickerCount: 1 }, "L'anno deve essere tra 1900 e 2030"],
    [{ name: 'A', year: 'duemila', stickerCount: 1 }, "L'anno deve essere un numero"],
    [{ name: 'A', year: 2025, stickerCount: -1 }, 'Le figurine iniziali devono essere tra 0 e 1000'],
    [{ name: 'A', year: 2025, stickerCount: 1001 }, 'Le figurine iniziali devono essere tra 0 e 1000'],
    [{ name: 'A', year: 2025, stickerCount: 2.5 }, 'Il numero di figurine deve essere un numero intero'],
  ];
  const before = (await admin.get<Album[]>('/api/albums')).body.length;
  for (const [body, message] of cases) {
    expect(await admin.post('/api/albums', body)).toMatchObject({ status: 400, body: { message } });
  }
  expect((await admin.get<Album[]>('/api/albums')).body).toHaveLength(before);
});

test('rename trims the name; unknown albums are 404', async () => {
  const album = (await admin.post<Album>('/api/albums', { name: 'Vecchio', year: 2025, stickerCount: 1 }))
    .body;
  expect(await admin.put(`/api/albums/${album.id}`, { name: '  Nuovo nome ' })).toMatchObject({
    status: 200,
    body: { id: album.id, name: 'Nuovo nome' },
  });
  expect(await admin.put(`/api/albums/${album.id}`, { name: ' ' })).toMatchObject({ status: 400 });
  expect(await admin.put('/api/albums/99999999', { name: 'X' })).toMatchObject({
    status: 404,
    body: { message: 'Album non trovato' },
  });
  expect(await admin.delete('/api/albums/99999999')).toMatchObject({ status: 404 });
});

test('deleting an album removes its stickers, every collector mark and the match choice', async () => {
  const album = (
    await admin.post<Album>('/api/albums', { name: 'Da eliminare', year: 2025, stickerCount: 5 })
  ).body;
  const stickers = await stickersOf(album.id);
  const collector = await registeredUser(server.url);
  await collector.api.put(`/api/user/stickers/${stickers[0]?.id}`, { status: 'double' });
  expect((await collector.api.get('/api/auth/me')).body).toMatchObject({ albumSelezionato: album.id });

  expect(await admin.delete(`/api/albums/${album.id}`)).toMatchObject({ status: 200 });
  expect(await admin.get(`/api/albums/${album.id}/stickers`)).toMatchObject({ status: 404 });
  expect(await collector.api.put(`/api/user/stickers/${stickers[0]?.id}`, { status: 'yes' })).toMatchObject({
    status: 404,
  });
  expect((await collector.api.get('/api/auth/me')).body).toMatchObject({ albumSelezionato: null });
  const summary = await collector.api.get<{ album: { id: number } | null }>('/api/user/summary');
  expect(summary.body).toMatchObject({ raccolte: 0, doppie: 0, progress: [] });
  expect(summary.body.album?.id).not.toBe(album.id);
});

test('reorder saves the full list; a list that does not match the albums is refused', async () => {
  const ids = (await admin.get<Album[]>('/api/albums')).body.map((album) => album.id);
  const reversed = [...ids].reverse();
  expect(
    await admin.put('/api/admin/albums/reorder', { albums: reversed.map((id) => ({ id })) }),
  ).toMatchObject({
    status: 200,
  });
  const collector = await registeredUser(server.url);
  expect((await collector.api.get<Album[]>('/api/albums')).body.map((album) => album.id)).toEqual(reversed);

  const mismatch = "L'elenco non corrisponde agli album esistenti: ricarica la pagina e riprova";
  for (const albums of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 99999999]]) {
    expect(
      await admin.put('/api/admin/albums/reorder', { albums: albums.map((id) => ({ id })) }),
    ).toMatchObject({ status: 409, body: { message: mismatch } });
  }
  expect(await admin.put('/api/admin/albums/reorder', { albums: 'tutti' })).toMatchObject({ status: 400 });
  expect((await collector.api.get<Album[]>('/api/albums')).body.map((album) => album.id)).toEqual(reversed);
});

test('import adds new numbers, renames existing ones, in one go; bounds are enforced', async () => {
  const album = (await admin.post<Album>('/api/albums', { name: 'Import', year: 2025, stickerCount: 2 }))
    .body;
  const response = await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
    stickers: [
      { number: '1', name: 'Primo rinominato', team: null },
      { number: '3', name: 'Terzo', team: null },
      { number: 'ITA 1', name: 'Italia', team: null },
      { number: 'ita 1', name: 'Doppione nella lista', team: null },
    ],
  });
  expect(response).toMatchObject({ status: 200, body: { created: 2, updated: 1, total: 4 } });
  expect((await stickersOf(album.id)).map(({ number, name }) => `${number} - ${name}`)).toEqual([
    '1 - Primo rinominato',
    '2 - ',
    '3 - Terzo',
    'ITA 1 - Italia',
  ]);

  const tooMany = Array.from({ length: 5001 }, (_, i) => ({ number: String(i + 1), name: `N${i}` }));
  expect(await admin.post(`/api/albums/${album.id}/stickers/bulk`, { stickers: tooMany })).toMatchObject({
    status: 400,
    body: { message: 'Puoi importare al massimo 5000 figurine alla volta' },
  });
  const badNumber = [{ number: '1'.repeat(21), name: 'x' }];
  expect(await admin.post(`/api/albums/${album.id}/stickers/bulk`, { stickers: badNumber })).toMatchObject({
    status: 400,
    body: { message: 'Il numero della figurina non può superare 20 caratteri' },
  });
  expect(await admin.post(`/api/albums/${album.id}/stickers/bulk`, { stickers: [] })).toMatchObject({
    status: 400,
    body: { message: 'Nessuna figurina da importare' },
  });
  expect(await stickersOf(album.id)).toHaveLength(4);

  const five = Array.from({ length: 5000 }, (_, i) => ({
    number: `M${i + 1}`,
    name: `Figurina numero ${i + 1}`,
  }));
  expect(await admin.post(`/api/albums/${album.id}/stickers/bulk`, { stickers: five })).toMatchObject({
    status: 200,
    body: { created: 5000, total: 5004 },
  });
});

test('import says which existing numbers it renamed (old and new name) and which it left as they were', async () => {
  const album = (await admin.post<Album>('/api/albums', { name: 'Rinomina', year: 2025, stickerCount: 3 }))
    .body;
  const first = await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
    stickers: [
      { number: '1', name: 'Uno' },
      { number: '4', name: 'Quattro' },
    ],
  });
  expect(first).toMatchObject({
    status: 200,
    body: { created: 1, updated: 1, total: 4, renamed: [{ number: '1', from: '', to: 'Uno' }], unchanged: 0 },
  });
  const second = await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
    stickers: [
      { number: '1', name: 'Uno' },
      { number: '2', name: 'Due' },
      { number: 'x5', name: 'Cinque' },
    ],
  });
  expect(second.body).toEqual({
    created: 1,
    updated: 2,
    total: 5,
    renamed: [{ number: '2', from: '', to: 'Due' }],
    unchanged: 1,
  });
});

test('an imported sticker must have a name: an empty one is refused with 400 and nothing is saved', async () => {
  const album = (await admin.post<Album>('/api/albums', { name: 'Senza nomi', year: 2025, stickerCount: 1 }))
    .body;
  const refusals: [unknown, string][] = [
    [
      [
        { number: '1', name: 'Uno' },
        { number: '2', name: '   ' },
      ],
      'La figurina 2 non ha un nome',
    ],
    [[{ number: 'ITA 3', name: '' }], 'La figurina ITA 3 non ha un nome'],
    [[{ number: '4' }], 'Il nome della figurina è obbligatorio'],
    [[{ number: '5', name: null }], 'Il nome della figurina è obbligatorio'],
  ];
  for (const [stickers, message] of refusals) {
    expect(await admin.post(`/api/albums/${album.id}/stickers/bulk`, { stickers })).toMatchObject({
      status: 400,
      body: { message },
    });
  }
  expect((await stickersOf(album.id)).map(({ number, name }) => `${number} - ${name}`)).toEqual(['1 - ']);
});

test('edit and delete a sticker; deleting clears it from every collection', async () => {
  const album = (await admin.post<Album>('/api/albums', { name: 'Modifiche', year: 2025, stickerCount: 3 }))
    .body;
  const [first, second] = await stickersOf(album.id);
  expect(
    await admin.put(`/api/albums/${album.id}/stickers/${first?.id}`, { description: '  Nuova descrizione ' }),
  ).toMatchObject({ status: 200, body: { id: first?.id, number: '1', description: 'Nuova descrizione' } });
  expect(
    await admin.put(`/api/albums/${album.id}/stickers/${first?.id}`, { description: '   ' }),
  ).toMatchObject({
    status: 400,
    body: { message: 'La descrizione non può essere vuota' },
  });

  const collector = await registeredUser(server.url);
  await collector.api.put(`/api/user/stickers/${second?.id}`, { status: 'double' });
  await collector.api.put(`/api/user/stickers/${first?.id}`, { status: 'yes' });
  expect((await collector.api.get('/api/user/summary')).body).toMatchObject({
    album: { id: album.id, stickerCount: 3 },
    raccolte: 2,
    doppie: 1,
    mancanti: 1,
  });

  expect(await admin.delete(`/api/albums/${album.id}/stickers/${second?.id}`)).toMatchObject({ status: 200 });
  expect((await collector.api.get('/api/user/summary')).body).toMatchObject({
    album: { id: album.id, stickerCount: 2 },
    raccolte: 1,
    doppie: 0,
    mancanti: 1,
  });
  expect(await admin.delete(`/api/albums/${album.id}/stickers/${second?.id}`)).toMatchObject({
    status: 404,
    body: { message: 'Figurina non trovata in questo album' },
  });
  const other = (await admin.post<Album>('/api/albums', { name: 'Altro', year: 2025, stickerCount: 1 })).body;
  expect(await admin.delete(`/api/albums/${other.id}/stickers/${first?.id}`)).toMatchObject({ status: 404 });
});

test('clearing an album removes all its stickers and marks; new stickers start clean', async () => {
  const album = (await admin.post<Album>('/api/albums', { name: 'Svuota', year: 2025, stickerCount: 4 }))
    .body;
  const stickers = await stickersOf(album.id);
  const collector = await registeredUser(server.url);
  await collector.api.put(`/api/user/stickers/${stickers[3]?.id}`, { status: 'double' });
  expect(await admin.delete(`/api/albums/${album.id}/stickers`)).toMatchObject({
    status: 200,
    body: { removed: 4 },
  });
  expect(await stickersOf(album.id)).toEqual([]);
  await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
    stickers: [{ number: '1', name: 'Di nuovo' }],
  });
  const [fresh] = await stickersOf(album.id);
  expect(await collector.api.get(`/api/user/stickers/${album.id}`)).toMatchObject({ status: 200, body: [] });
  await collector.api.put(`/api/user/stickers/${fresh?.id}`, { status: 'yes' });
  expect((await collector.api.get(`/api/user/stickers/${album.id}`)).body).toEqual([
    { stickerId: fresh?.id, status: 'yes', userId: collector.id },
  ]);
});
