import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { formatStickerExport, parseStickerImport } from './schemas/sticker-import.ts';

const { server, admin } = setUpServerWithAdmin();

type Album = {
  id: number;
  name: string;
  stickerCount: number;
  year: number;
  orderLimit: number;
  orderPriceCents: number | null;
};
type Sticker = {
  id: number;
  number: string;
  name: string;
  team: string | null;
  description: string | null;
  kind: 'base' | 'speciale' | 'extra';
  section: string | null;
};

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
    reclassified: 0,
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

const newAlbum = async (name: string) => (await admin.post<Album>('/api/albums', { name, year: 2026 })).body;

/** What the admin's 'Importa' sends for a pasted text (the paste is read in the browser). */
const importText = (albumId: number, text: string) =>
  admin.post(`/api/albums/${albumId}/stickers/bulk`, { stickers: parseStickerImport(text).stickers });

test('a pasted list with sections and kinds is imported; its export, imported again, changes nothing', async () => {
  const album = await newAlbum('Sezioni e tipi');
  const pasted = [
    '1 - Logo',
    '# Calciomercato',
    'C1 - Arrivo estivo',
    'C2 - Colpo di gennaio [Speciale]',
    '#',
    '2 - Stadio',
    '#   Extra ',
    "X1 - Pallone d'oro [ extra ]",
  ].join('\n');
  expect(await importText(album.id, pasted)).toMatchObject({
    status: 200,
    body: { created: 5, updated: 0, total: 5 },
  });
  const imported = await stickersOf(album.id);
  expect(imported.map(({ number, name, kind, section }) => ({ number, name, kind, section }))).toEqual([
    { number: '1', name: 'Logo', kind: 'base', section: null },
    { number: 'C1', name: 'Arrivo estivo', kind: 'base', section: 'Calciomercato' },
    { number: 'C2', name: 'Colpo di gennaio', kind: 'speciale', section: 'Calciomercato' },
    { number: '2', name: 'Stadio', kind: 'base', section: null },
    { number: 'X1', name: "Pallone d'oro", kind: 'extra', section: 'Extra' },
  ]);

  // 'Esporta' writes the same format back: sections, suffixes, the names.
  const exported = formatStickerExport(imported);
  expect(exported).toBe(
    [
      '1 - Logo',
      '# Calciomercato',
      'C1 - Arrivo estivo',
      'C2 - Colpo di gennaio [speciale]',
      '#',
      '2 - Stadio',
      '# Extra',
      "X1 - Pallone d'oro [extra]",
    ].join('\n'),
  );
  expect((await importText(album.id, exported)).body).toEqual({
    created: 0,
    updated: 5,
    total: 5,
    renamed: [],
    reclassified: 0,
    unchanged: 5,
  });
  expect(await stickersOf(album.id)).toEqual(imported);

  // A line that now says another kind or section updates it, counted apart from the renames; a client
  // that sends no kind or section (the REST import of before) leaves them as they are.
  const edited = exported
    .replace('C2 - Colpo di gennaio [speciale]', 'C2 - Colpo di gennaio')
    .replace('#\n2', '2');
  expect((await importText(album.id, edited)).body).toMatchObject({
    reclassified: 2,
    unchanged: 3,
    renamed: [],
  });
  expect(
    (await stickersOf(album.id)).map(({ number, kind, section }) => `${number} ${kind} ${section}`),
  ).toEqual([
    '1 base null',
    'C1 base Calciomercato',
    'C2 base Calciomercato',
    '2 base Calciomercato',
    'X1 extra Extra',
  ]);
  expect(
    (
      await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
        stickers: [{ number: 'X1', name: 'Pallone' }],
      })
    ).body,
  ).toMatchObject({ renamed: [{ number: 'X1', from: "Pallone d'oro", to: 'Pallone' }] });
  expect((await stickersOf(album.id)).at(-1)).toMatchObject({
    name: 'Pallone',
    kind: 'extra',
    section: 'Extra',
  });
  const badImports: [unknown, string][] = [
    [{ number: '9', name: 'Nove', kind: 'oro' }, 'Tipo di figurina non valido'],
    [
      { number: '9', name: 'Nove', section: 'S'.repeat(61) },
      'Il nome della sezione non può superare 60 caratteri',
    ],
  ];
  for (const [sticker, message] of badImports) {
    expect(await admin.post(`/api/albums/${album.id}/stickers/bulk`, { stickers: [sticker] })).toMatchObject({
      status: 400,
      body: { message },
    });
  }
});

test("a sticker's kind and section are set one at a time or for many at once; an empty section clears it", async () => {
  const album = await newAlbum('Tipi in blocco');
  await importText(album.id, '1 - Uno\n2 - Due\n3 - Tre\n4 - Quattro');
  const [one, two, three, four] = await stickersOf(album.id);
  expect(
    await admin.put(`/api/albums/${album.id}/stickers/${one?.id}`, {
      kind: 'speciale',
      section: '  Scudetti ',
    }),
  ).toMatchObject({ status: 200, body: { id: one?.id, name: 'Uno', kind: 'speciale', section: 'Scudetti' } });
  expect(await admin.put(`/api/albums/${album.id}/stickers/${one?.id}`, { section: '  ' })).toMatchObject({
    status: 200,
    body: { kind: 'speciale', section: null },
  });
  await admin.put(`/api/albums/${album.id}/stickers/${one?.id}`, { section: 'Scudetti' });
  expect(await admin.put(`/api/albums/${album.id}/stickers/${one?.id}`, { section: null })).toMatchObject({
    status: 200,
    body: { section: null },
  });

  const ids = [two?.id, three?.id, four?.id];
  expect(
    await admin.put(`/api/albums/${album.id}/stickers`, { stickerIds: ids, kind: 'extra', section: 'Bonus' }),
  ).toMatchObject({ status: 200, body: { updated: 3 } });
  // Only the section: the kinds stay.
  expect(
    await admin.put(`/api/albums/${album.id}/stickers`, { stickerIds: [three?.id, three?.id], section: '' }),
  ).toMatchObject({ status: 200, body: { updated: 1 } });
  expect(
    (await stickersOf(album.id)).map(({ number, kind, section }) => `${number} ${kind} ${section}`),
  ).toEqual(['1 speciale null', '2 extra Bonus', '3 extra null', '4 extra Bonus']);

  const other = await newAlbum('Altro album');
  await importText(other.id, '1 - Altrove');
  const [elsewhere] = await stickersOf(other.id);
  const refusals: [string, unknown, number, string][] = [
    [`/api/albums/${album.id}/stickers/${two?.id}`, { kind: 'oro' }, 400, 'Tipo di figurina non valido'],
    [
      `/api/albums/${album.id}/stickers/${two?.id}`,
      { section: 'S'.repeat(61) },
      400,
      'Il nome della sezione non può superare 60 caratteri',
    ],
    [
      `/api/albums/${other.id}/stickers/${two?.id}`,
      { kind: 'base' },
      404,
      'Figurina non trovata in questo album',
    ],
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: ids, kind: 'oro' },
      400,
      'Tipo di figurina non valido',
    ],
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: [], kind: 'base' },
      400,
      'Seleziona almeno una figurina',
    ],
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: ids },
      400,
      'Indica il tipo o la sezione da assegnare',
    ],
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: 'tutte', kind: 'base' },
      400,
      'Indica le figurine da modificare',
    ],
    [`/api/albums/${album.id}/stickers`, { stickerIds: ['x'], kind: 'base' }, 400, 'Figurina non valida'],
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: Array.from({ length: 5001 }, (_, i) => i + 1), kind: 'base' },
      400,
      'Puoi modificare al massimo 5000 figurine alla volta',
    ],
    // One id of another album: 404 as for an unknown one, and none of the others changes.
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: [two?.id, elsewhere?.id], kind: 'base' },
      404,
      'Figurina non trovata in questo album',
    ],
    [
      `/api/albums/${album.id}/stickers`,
      { stickerIds: [99999999], section: 'X' },
      404,
      'Figurina non trovata in questo album',
    ],
    ['/api/albums/99999999/stickers', { stickerIds: [two?.id], kind: 'base' }, 404, 'Album non trovato'],
  ];
  for (const [path, body, status, message] of refusals) {
    expect(await admin.put(path, body), `${path} ${JSON.stringify(body).slice(0, 60)}`).toMatchObject({
      status,
      body: { message },
    });
  }
  expect((await stickersOf(album.id)).map(({ kind }) => kind)).toEqual([
    'speciale',
    'extra',
    'extra',
    'extra',
  ]);
  expect((await stickersOf(other.id))[0]).toMatchObject({ kind: 'base', section: null });

  const collector = await registeredUser(server.url);
  expect(
    await collector.api.put(`/api/albums/${album.id}/stickers`, { stickerIds: ids, kind: 'base' }),
  ).toMatchObject({
    status: 403,
  });
  expect(
    await collector.api.put(`/api/albums/${album.id}/stickers/${two?.id}`, { kind: 'base' }),
  ).toMatchObject({
    status: 403,
  });
});

test("an album's order limit (default 50, 1–500) and price per sticker in cents (optional) are set and kept", async () => {
  const album = await newAlbum('Ordini');
  expect(album).toMatchObject({ orderLimit: 50, orderPriceCents: null });
  const priced = await admin.post<Album>('/api/albums', {
    name: 'Con prezzo',
    orderLimit: 30,
    orderPriceCents: 15,
  });
  expect(priced).toMatchObject({ status: 200, body: { orderLimit: 30, orderPriceCents: 15 } });

  expect(await admin.put(`/api/albums/${album.id}`, { orderLimit: 80, orderPriceCents: 20 })).toMatchObject({
    status: 200,
    body: { id: album.id, name: 'Ordini', year: 2026, orderLimit: 80, orderPriceCents: 20 },
  });
  // Renaming leaves them; a null price takes it away.
  await admin.put(`/api/albums/${album.id}`, { name: 'Ordini rinominato' });
  expect(await admin.put(`/api/albums/${album.id}`, { orderPriceCents: null })).toMatchObject({
    status: 200,
    body: { name: 'Ordini rinominato', orderLimit: 80, orderPriceCents: null },
  });
  const limit = "Il limite per l'ordine deve essere tra 1 e 500";
  const price = 'Il prezzo per figurina deve essere tra 0,01 € e 100,00 €';
  const refusals: [unknown, string][] = [
    [{ orderLimit: 0 }, limit],
    [{ orderLimit: 501 }, limit],
    [{ orderLimit: 2.5 }, "Il limite per l'ordine deve essere un numero intero"],
    [{ orderLimit: 'tanti' }, "Il limite per l'ordine deve essere un numero"],
    [{ orderPriceCents: 0 }, price],
    [{ orderPriceCents: 10001 }, price],
    [{ orderPriceCents: 1.5 }, 'Il prezzo per figurina va indicato in centesimi interi'],
  ];
  for (const [body, message] of refusals) {
    expect(await admin.put(`/api/albums/${album.id}`, body)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await admin.post('/api/albums', { name: 'Mai creato', ...(body as object) })).toMatchObject({
      status: 400,
      body: { message },
    });
  }
  const list = (await admin.get<Album[]>('/api/albums')).body;
  expect(list.find((candidate) => candidate.id === album.id)).toMatchObject({
    orderLimit: 80,
    orderPriceCents: null,
  });
  expect(list.find((candidate) => candidate.name === 'Mai creato')).toBeUndefined();
  const collector = await registeredUser(server.url);
  expect(await collector.api.put(`/api/albums/${album.id}`, { orderLimit: 10 })).toMatchObject({
    status: 403,
  });
});
