import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { makeCandidates } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { italianMonth } from './schemas/age-band-rule.ts';

/*
 * Punti Scambio (issue 45, rows 9 and 4) through the REST API: the admin keeps the places, collectors
 * suggest more, each collector lists the verified ones near them; an adult and a minor propose a swap only
 * there, inside the place's opening hours, and then write only the set phrases.
 */
const { server, admin } = setUpServerWithAdmin();

const ADMIN_ONLY = 'Operazione riservata agli amministratori';
const MINOR_SWAP_ONLY = 'Con un minorenne si scambia solo con una proposta in un Punto Scambio';
const everyDay = (opens: string, closes: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens, closes }));
const place = (overrides: Record<string, unknown> = {}) => ({
  name: 'Edicola del Duomo',
  kind: 'edicola',
  address: 'Piazza del Duomo 1',
  cap: '20121',
  openingHours: everyDay('08:00', '20:00'),
  note: 'Chiedi di Franco',
  ...overrides,
});
type Place = { id: number; name: string; state: string; distanceKm: number | null };

test('the admin keeps the places; collectors list the verified ones near them and suggest more, which wait for an admin', async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  expect(await anna.api.post('/api/admin/punti-scambio', place())).toMatchObject({
    status: 403,
    body: { message: ADMIN_ONLY },
  });
  const created = await admin.post<Place & Record<string, unknown>>('/api/admin/punti-scambio', place());
  expect(created).toMatchObject({
    status: 201,
    body: {
      name: 'Edicola del Duomo',
      kind: 'edicola',
      address: 'Piazza del Duomo 1',
      cap: '20121',
      comune: 'Milano',
      note: 'Chiedi di Franco',
      state: 'verificato',
      suggestedBy: null,
    },
  });
  expect(created.body.openingHours).toHaveLength(7);
  const library = await admin.post<Place>(
    '/api/admin/punti-scambio',
    place({
      name: 'Biblioteca Sormani',
      kind: 'biblioteca',
      cap: '20122',
      openingHours: [
        { day: 6, opens: '14:00', closes: '18:00' },
        { day: 2, opens: '09:00', closes: '12:30' },
      ],
    }),
  );
  const closed = await admin.post<Place>(
    '/api/admin/punti-scambio',
    place({ name: 'Ex edicola', state: 'chiuso' }),
  );
  const rome = await admin.post<Place>(
    '/api/admin/punti-scambio',
    place({ name: 'Edicola Termini', cap: '00185' }),
  );
  expect([library.status, closed.status, rome.status]).toEqual([201, 201, 201]);
  // The week reads in order, Monday first.
  expect(
    (library.body as unknown as { openingHours: { day: number }[] }).openingHours.map((i) => i.day),
  ).toEqual([2, 6]);

  // Bad input: clear Italian errors, nothing stored.
  const refusals = await Promise.all([
    admin.post('/api/admin/punti-scambio', place({ kind: 'casa' })),
    admin.post(
      '/api/admin/punti-scambio',
      place({ openingHours: [{ day: 1, opens: '18:00', closes: '09:00' }] }),
    ),
    admin.post(
      '/api/admin/punti-scambio',
      place({ openingHours: [{ day: 8, opens: '09:00', closes: '12:00' }] }),
    ),
    admin.post(
      '/api/admin/punti-scambio',
      place({ openingHours: [{ day: 1, opens: '9', closes: '12:00' }] }),
    ),
    admin.post('/api/admin/punti-scambio', place({ name: ' ' })),
    admin.post('/api/admin/punti-scambio', place({ cap: '2012' })),
    admin.post('/api/admin/punti-scambio', place({ address: 'x'.repeat(121) })),
  ]);
  expect(refusals.map((answer) => [answer.status, (answer.body as { message: string }).message])).toEqual([
    [400, 'Tipo di luogo non valido: edicola, cartolibreria, biblioteca, oratorio, negozio o piazza'],
    [400, "L'orario di chiusura deve venire dopo quello di apertura"],
    [400, 'Giorno non valido: da 1 (lunedì) a 7 (domenica)'],
    [400, 'Orario non valido: usa il formato HH:MM'],
    [400, 'Il nome è obbligatorio'],
    [400, 'Il CAP deve essere di 5 cifre'],
    [400, "L'indirizzo non può superare 120 caratteri"],
  ]);

  // Near me (Milano, 10 km by default): the verified ones, nearest first, with their distance; not the
  // closed one, not Rome's.
  const near = await anna.api.get<Place[]>('/api/punti-scambio');
  expect(near.status).toBe(200);
  const mine = near.body.filter((one) =>
    [created.body.id, library.body.id, closed.body.id, rome.body.id].includes(one.id),
  );
  expect(mine.map((one) => one.name).sort()).toEqual(['Biblioteca Sormani', 'Edicola del Duomo']);
  expect(near.body.map((one) => one.distanceKm)).toEqual(
    [...near.body.map((one) => one.distanceKm)].sort((a, b) => (a ?? 0) - (b ?? 0)),
  );
  expect(mine.every((one) => typeof one.distanceKm === 'number' && one.distanceKm < 10)).toBe(true);
  expect(await anna.api.get('/api/punti-scambio?radiusKm=0')).toMatchObject({
    status: 400,
    body: { message: 'Il raggio deve essere tra 1 e 50 km' },
  });
  expect((await anna.api.get(`/api/punti-scambio/${created.body.id}`)).body).toMatchObject({
    name: 'Edicola del Duomo',
    comune: 'Milano',
    openingHours: everyDay('08:00', '20:00'),
  });

  // A suggestion: 'proposto', listed to nobody, its page only its author's (to others an unknown id).
  const suggested = await bruno.api.post<Place>(
    '/api/punti-scambio',
    place({ name: 'Oratorio San Luigi', kind: 'oratorio', cap: '20123', note: '' }),
  );
  expect(suggested).toMatchObject({ status: 201, body: { state: 'proposto', name: 'Oratorio San Luigi' } });
  expect((await bruno.api.get(`/api/punti-scambio/${suggested.body.id}`)).status).toBe(200);
  const unknown = await anna.api.get('/api/punti-scambio/2000000000');
  expect(unknown).toMatchObject({ status: 404, body: { message: 'Punto Scambio non trovato' } });
  const seenByAnna = await anna.api.get(`/api/punti-scambio/${suggested.body.id}`);
  expect({ status: seenByAnna.status, body: seenByAnna.body }).toEqual({ status: 404, body: unknown.body });
  expect((await anna.api.get<Place[]>('/api/punti-scambio')).body.map((one) => one.id)).not.toContain(
    suggested.body.id,
  );
  // A few waiting per collector, not a flood.
  for (let i = 2; i <= 5; i += 1) {
    expect(
      (await bruno.api.post('/api/punti-scambio', place({ name: `Piazza ${i}`, kind: 'piazza' }))).status,
    ).toBe(201);
  }
  expect(
    await bruno.api.post('/api/punti-scambio', place({ name: 'Piazza 6', kind: 'piazza' })),
  ).toMatchObject({
    status: 429,
    body: {
      message: 'Hai già 5 Punti Scambio in attesa di verifica: aspetta che un amministratore li controlli',
    },
  });

  // The admin sees the suggestions first, with who made them, and verifies one.
  const listed = await admin.get<(Place & { suggestedBy: string | null })[]>('/api/admin/punti-scambio');
  expect(listed.body[0]).toMatchObject({ state: 'proposto', suggestedBy: bruno.nickname });
  expect(
    (await admin.get<Place[]>('/api/admin/punti-scambio?state=chiuso')).body.map((one) => one.name),
  ).toEqual(expect.arrayContaining(['Ex edicola']));
  const verified = await admin.put<Place>(`/api/admin/punti-scambio/${suggested.body.id}`, {
    ...place({ name: 'Oratorio San Luigi', kind: 'oratorio', cap: '20123', note: 'Cortile, sabato' }),
    state: 'verificato',
  });
  expect(verified).toMatchObject({ status: 200, body: { state: 'verificato', note: 'Cortile, sabato' } });
  expect((await anna.api.get<Place[]>('/api/punti-scambio')).body.map((one) => one.id)).toContain(
    suggested.body.id,
  );
  expect(
    (await admin.put('/api/admin/punti-scambio/2000000000', { ...place(), state: 'chiuso' })).status,
  ).toBe(404);
});

test('an adult and a teen propose only at a verified Punto Scambio, inside its hours; then the chat takes the set phrases', async () => {
  const thisYear = italianMonth(new Date()).year;
  const [adult, teen] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, { birthYear: thisYear - 15, birthMonth: 1 }),
  ]);
  const album = await makeCandidates(server, adult, teen);
  expect(
    (
      await teen.api.put('/api/user/profile', {
        nickname: teen.nickname,
        cap: teen.cap,
        visibleToAdults: true,
      })
    ).status,
  ).toBe(200);
  const open = await admin.post<Place>('/api/admin/punti-scambio', place({ name: 'Cartolibreria Aperta' }));
  const closed = await admin.post<Place>(
    '/api/admin/punti-scambio',
    place({ name: 'Cartolibreria Chiusa', state: 'chiuso' }),
  );
  // Tomorrow at 10:00 UTC (11:00 or 12:00 in Italy), inside 08:00–20:00.
  const tomorrow = new Date();
  tomorrow.setUTCHours(24 + 10, 0, 0, 0);
  const after = (minutes: number) => new Date(tomorrow.getTime() + minutes * 60_000).toISOString();
  const proposal = (meeting: Record<string, unknown>) => ({
    toUserId: teen.id,
    albumId: album.id,
    give: ['1'],
    receive: ['2'],
    ...meeting,
  });
  const slot = { slotStart: after(0), slotEnd: after(30) };
  const refusals = await Promise.all([
    adult.api.post('/api/swaps', proposal({})),
    adult.api.post('/api/swaps', proposal({ puntoScambioId: open.body.id })),
    adult.api.post('/api/swaps', proposal({ puntoScambioId: closed.body.id, ...slot })),
    adult.api.post('/api/swaps', proposal({ puntoScambioId: 2_000_000_000, ...slot })),
    adult.api.post(
      '/api/swaps',
      proposal({ puntoScambioId: open.body.id, slotStart: after(0), slotEnd: after(10) }),
    ),
    adult.api.post(
      '/api/swaps',
      proposal({ puntoScambioId: open.body.id, slotStart: after(-2880), slotEnd: after(-2850) }),
    ),
    adult.api.post(
      '/api/swaps',
      proposal({ puntoScambioId: open.body.id, slotStart: after(21_000), slotEnd: after(21_030) }),
    ),
    adult.api.post(
      '/api/swaps',
      proposal({ puntoScambioId: open.body.id, slotStart: after(600), slotEnd: after(630) }),
    ),
    adult.api.post(
      '/api/swaps',
      proposal({ puntoScambioId: open.body.id, slotStart: 'domani', slotEnd: after(30) }),
    ),
  ]);
  expect(refusals.map((answer) => [answer.status, (answer.body as { message: string }).message])).toEqual([
    [400, MINOR_SWAP_ONLY],
    [400, "Indica il Punto Scambio con l'inizio e la fine della fascia oraria"],
    [400, 'Scegli un Punto Scambio verificato'],
    [400, 'Scegli un Punto Scambio verificato'],
    [400, 'La fascia oraria deve durare da 15 a 120 minuti'],
    [400, 'La fascia oraria deve essere nei prossimi 14 giorni'],
    [400, 'La fascia oraria deve essere nei prossimi 14 giorni'],
    [400, 'Il Punto Scambio è chiuso in quella fascia oraria'],
    [400, 'Orario non valido: usa una data e ora ISO 8601 con il fuso (2026-12-05T10:00:00+01:00)'],
  ]);
  expect(await sql(server.databaseUrl, 'select 1 from swap where from_user_id = $1', [adult.id])).toEqual([]);
  // Still no free chat between them.
  expect((await adult.api.post('/api/matches', { user2Id: teen.id })).status).toBe(403);

  // The places near both of us, for the form; a collector hidden from me is an unknown id there too.
  const both = await adult.api.get<Place[]>(`/api/punti-scambio?withUserId=${teen.id}`);
  expect(both.body.map((one) => one.id)).toContain(open.body.id);
  expect(both.body.map((one) => one.id)).not.toContain(closed.body.id);
  const hiddenTeen = await registeredUser(server.url, { birthYear: thisYear - 16, birthMonth: 3 });
  const unknown = await adult.api.get('/api/punti-scambio?withUserId=2000000000');
  expect(unknown).toMatchObject({ status: 404, body: { message: 'Utente non trovato' } });
  const nearHidden = await adult.api.get(`/api/punti-scambio?withUserId=${hiddenTeen.id}`);
  expect({ status: nearHidden.status, body: nearHidden.body }).toEqual({ status: 404, body: unknown.body });

  const made = await adult.api.post<{ id: number; matchId: number; expiresAt: string; meeting: unknown }>(
    '/api/swaps',
    proposal({ puntoScambioId: open.body.id, ...slot }),
  );
  expect(made).toMatchObject({
    status: 201,
    body: {
      meeting: {
        puntoScambioId: open.body.id,
        name: 'Cartolibreria Aperta',
        address: 'Piazza del Duomo 1',
        comune: 'Milano',
        slotStart: slot.slotStart,
        slotEnd: slot.slotEnd,
      },
    },
  });
  // Unanswered, it lapses when the meeting would have started.
  expect(Date.parse(made.body.expiresAt)).toBeLessThanOrEqual(Date.parse(slot.slotStart));
  const seen = await teen.api.get<{ id: number; meeting: unknown }[]>('/api/swaps');
  expect(seen.body.find((swap) => swap.id === made.body.id)?.meeting).toEqual(made.body.meeting);
  expect((await teen.api.post(`/api/swaps/${made.body.id}/accept`)).status).toBe(200);
  // Their chat, opened by the proposal, takes only the set phrases.
  expect(
    await teen.api.post(`/api/matches/${made.body.matchId}/messages`, { content: 'scrivimi su insta' }),
  ).toMatchObject({
    status: 400,
    body: { message: 'Tra un adulto e un minorenne la chat accetta solo le frasi pronte' },
  });
  expect(
    (await teen.api.post(`/api/matches/${made.body.matchId}/messages`, { content: 'Ci sono' })).status,
  ).toBe(200);
});

test("the places near a teen and me answer no finer than the teen's distance bands: a 1 km radius cannot place them", async () => {
  const thisYear = italianMonth(new Date()).year;
  // Cusano Milanino and Cinisello Balsamo: 2.5 km between their seats.
  const [adult, teen] = await Promise.all([
    registeredUser(server.url, { cap: '20095' }),
    registeredUser(server.url, { cap: '20092', birthYear: thisYear - 16, birthMonth: 1 }),
  ]);
  expect(
    (
      await teen.api.put('/api/user/profile', {
        nickname: teen.nickname,
        cap: teen.cap,
        visibleToAdults: true,
      })
    ).status,
  ).toBe(200);
  const inCusano = await admin.post<Place>(
    '/api/admin/punti-scambio',
    place({ name: 'Edicola di Cusano', cap: '20095' }),
  );
  const near = async (radiusKm: number) =>
    (await adult.api.get<Place[]>(`/api/punti-scambio?withUserId=${teen.id}&radiusKm=${radiusKm}`)).body
      .map((one) => one.id)
      .includes(inCusano.body.id);
  // Within 1 km of me; around the teen the circle is their band's, 5 km: the same answer as at 5 km.
  expect([await near(1), await near(5)]).toEqual([true, true]);
});
