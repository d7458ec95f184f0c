import { afterAll, expect, test } from 'vitest';
import {
  deliveriesSettled,
  jobWithKey,
  pushesTagged,
  rescheduleJob,
  shown,
  subscribeDevice,
} from '../../test/support/alert-fixtures.ts';
import { registeredUser } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { startPushService, type TestPushService } from '../../test/support/push-service.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { eveOf } from '../server/alerts/raduno-alerts.ts';
import { italianMonth } from './schemas/age-band-rule.ts';

/*
 * Raduni (issue 46, rows 1–3) through the REST API, as the admin, an organiser, adults, a teen and a
 * stranger: who announces a meet, who goes and shares, and each attendee's own pool, checked against a
 * brute-force ranking of everyone who shares.
 */
// The push service starts first: the server is told its address.
const push: TestPushService = await startPushService();
afterAll(() => push.close());
const { server, admin } = setUpServerWithAdmin({ env: { PUSH_ENDPOINT_HOSTS: `http://${push.host}` } });

const thisYear = italianMonth(new Date()).year;
const ANNOUNCERS_ONLY =
  'Solo un amministratore o un organizzatore del Punto Scambio può annunciare o annullare un raduno';
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const messageOf = (answer: { status: number; body: unknown }) => [
  answer.status,
  (answer.body as { message?: string }).message,
];
type Raduno = {
  id: number;
  going: number;
  cancelled: boolean;
  mine: { condividi: boolean; tavolo: string; mostraQui: boolean; arrivato: string | null } | null;
  organiser: boolean;
  checkInToken: string | null;
};
type Pool = {
  entries: {
    attendee: string;
    nickname: string | null;
    tavolo: string;
    tiDa: string[];
    gliDai: string[];
    tiDaCount: number;
    gliDaiCount: number;
    qui: boolean;
  }[];
};
type Counted = { number: string; name: string; count: number };

async function newPlace(name: string, state = 'verificato') {
  const created = await admin.post<{ id: number }>('/api/admin/punti-scambio', {
    name,
    kind: 'edicola',
    address: 'Corso Buenos Aires 1',
    cap: '20124',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
    state,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

test('an admin or a verified organiser announces a meet at a verified place; collectors of its albums see it and say they go', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 5 });
  const otherAlbum = await createAlbum(server.databaseUrl, { stickers: 5 });
  const placeId = await newPlace('Edicola dei Raduni');
  const closedId = await newPlace('Edicola Chiusa', 'chiuso');
  const [organiser, adult, teen, elsewhere] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url),
    registeredUser(server.url, { birthYear: thisYear - 15, birthMonth: 1 }),
    registeredUser(server.url),
  ]);
  const meet = (overrides: Record<string, unknown> = {}) => ({
    puntoScambioId: placeId,
    title: 'Domenica di scambi',
    start: hoursFromNow(72),
    end: hoursFromNow(76),
    albumIds: [album.id],
    ...overrides,
  });
  expect(messageOf(await organiser.api.post('/api/raduni', meet()))).toEqual([403, ANNOUNCERS_ONLY]);
  expect((await admin.put(`/api/admin/punti-scambio/${placeId}/organizzatori/${organiser.id}`)).status).toBe(
    200,
  );
  expect(messageOf(await organiser.api.post('/api/raduni', meet({ puntoScambioId: closedId })))).toEqual([
    403,
    ANNOUNCERS_ONLY,
  ]);
  const refusals = await Promise.all([
    organiser.api.post('/api/raduni', meet({ end: hoursFromNow(71) })),
    organiser.api.post('/api/raduni', meet({ end: hoursFromNow(72 + 73) })),
    organiser.api.post('/api/raduni', meet({ start: hoursFromNow(-1), end: hoursFromNow(1) })),
    organiser.api.post('/api/raduni', meet({ albumIds: [2_000_000_000] })),
    organiser.api.post('/api/raduni', meet({ albumIds: [] })),
    organiser.api.post('/api/raduni', meet({ title: '  ' })),
    organiser.api.post('/api/raduni', meet({ start: 'domenica' })),
    admin.post('/api/raduni', meet({ puntoScambioId: closedId })),
  ]);
  expect(refusals.map(messageOf)).toEqual([
    [400, "La fine deve venire dopo l'inizio"],
    [400, 'Un raduno dura al massimo 3 giorni'],
    [400, "L'inizio del raduno deve essere nel futuro"],
    [400, 'Album non trovato'],
    [400, 'Indica almeno un album'],
    [400, 'Il titolo è obbligatorio'],
    [400, 'Orario non valido: usa una data e ora ISO 8601 con il fuso (2026-12-05T10:00:00+01:00)'],
    [400, 'Scegli un Punto Scambio verificato'],
  ]);
  const created = await organiser.api.post<Raduno & Record<string, unknown>>(
    '/api/raduni',
    meet({ tables: 12 }),
  );
  expect(created).toMatchObject({
    status: 201,
    body: {
      title: 'Domenica di scambi',
      kind: 'raduno',
      tables: 12,
      cancelled: false,
      place: { id: placeId, name: 'Edicola dei Raduni', comune: 'Milano' },
      albums: [{ id: album.id, name: album.name }],
      going: 0,
      mine: null,
      organiser: true,
    },
  });
  const id = created.body.id;
  expect(created.body.checkInToken).toMatch(/^[0-9a-f]{32}$/);

  // Near me for my albums: a collector of another album does not see it.
  for (const collector of [adult, teen]) {
    await collector.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '1', status: 'yes' });
  }
  await elsewhere.api.post('/api/user/stickers/bulk', {
    albumId: otherAlbum.id,
    numbers: '1',
    status: 'yes',
  });
  expect((await adult.api.get<Raduno[]>('/api/raduni')).body.map((one) => one.id)).toContain(id);
  expect((await elsewhere.api.get<Raduno[]>('/api/raduni')).body.map((one) => one.id)).not.toContain(id);
  expect(messageOf(await adult.api.get('/api/raduni?radiusKm=0'))).toEqual([
    400,
    'Il raggio deve essere tra 1 e 50 km',
  ]);

  // 'Ci vado': an adult shares by default, a teen does not.
  expect(
    (await adult.api.post<Raduno>(`/api/raduni/${id}/partecipa`, { ciVado: true, tavolo: ' 4 ' })).body,
  ).toMatchObject({
    going: 1,
    mine: { condividi: true, tavolo: '4', mostraQui: true, arrivato: null },
    organiser: false,
    // The printed QR's token is the organiser's alone.
    checkInToken: null,
  });
  expect((await teen.api.post<Raduno>(`/api/raduni/${id}/partecipa`, { ciVado: true })).body).toMatchObject({
    going: 2,
    mine: { condividi: false, tavolo: '', mostraQui: false },
  });
  // The reminders (row 2): the day before at 18:00 for both, an hour before for the adult only.
  const start = new Date(hoursFromNow(72));
  const reminder = (who: { id: number }, moment: string) =>
    jobWithKey(server.databaseUrl, `raduno:${id}:${who.id}:${moment}`);
  const eve = await reminder(adult, 'vigilia');
  expect(Math.abs(new Date(eve?.run_at as Date).getTime() - eveOf(start).getTime())).toBeLessThan(60_000);
  expect(eveOf(start).toLocaleString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit' })).toBe('18');
  const hour = await reminder(adult, 'ora');
  expect(Math.abs(new Date(hour?.run_at as Date).getTime() - (start.getTime() - 3_600_000))).toBeLessThan(
    60_000,
  );
  expect(await reminder(teen, 'vigilia')).toBeDefined();
  expect(await reminder(teen, 'ora')).toBeUndefined();
  const phone = await subscribeDevice(push, adult);
  expect(await rescheduleJob(server.databaseUrl, `raduno:${id}:${adult.id}:vigilia`, 'now')).toBe(true);
  await deliveriesSettled(server.databaseUrl);
  expect(shown(pushesTagged(push, phone, `raduno-${id}`)[0])).toMatchObject({
    title: 'Domani: Domenica di scambi',
    url: `/raduni/${id}`,
  });
  // Answering again keeps what is not said.
  expect(
    (await adult.api.post<Raduno>(`/api/raduni/${id}/partecipa`, { ciVado: true, condividi: false })).body
      .mine,
  ).toEqual({
    condividi: false,
    tavolo: '4',
    mostraQui: true,
    arrivato: null,
  });
  expect((await teen.api.post<Raduno>(`/api/raduni/${id}/partecipa`, { ciVado: false })).body).toMatchObject({
    going: 1,
    mine: null,
  });
  expect(messageOf(await adult.api.post('/api/raduni/2000000000/partecipa', { ciVado: true }))).toEqual([
    404,
    'Raduno non trovato',
  ]);
  expect(messageOf(await adult.api.post(`/api/raduni/${id}/partecipa`, { ciVado: 'sì' }))).toEqual([
    400,
    'Indica se ci vai (ciVado)',
  ]);

  // Cancelling: not by a collector; by its organiser; then nothing more to answer.
  expect(messageOf(await adult.api.post(`/api/raduni/${id}/annulla`))).toEqual([403, ANNOUNCERS_ONLY]);
  expect((await organiser.api.post<Raduno>(`/api/raduni/${id}/annulla`)).body.cancelled).toBe(true);
  // Everyone going is told; a reminder due after it says nothing.
  await deliveriesSettled(server.databaseUrl);
  expect(await rescheduleJob(server.databaseUrl, `raduno:${id}:${adult.id}:ora`, 'now')).toBe(true);
  await deliveriesSettled(server.databaseUrl);
  expect(pushesTagged(push, phone, `raduno-${id}`).map((message) => shown(message).title)).toEqual([
    'Domani: Domenica di scambi',
    'Raduno annullato',
  ]);
  expect(messageOf(await adult.api.post(`/api/raduni/${id}/partecipa`, { ciVado: true }))).toEqual([
    410,
    'Il raduno è stato annullato',
  ]);
  expect((await adult.api.get<Raduno[]>('/api/raduni')).body.map((one) => one.id)).not.toContain(id);
});

/** A small deterministic generator, so a failure can be run again the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

test('each attendee’s pool is the brute-force ranking of those who share: no blocked pair, no non-sharer, a minor only a table to adults', async () => {
  const STICKERS = 40;
  const album = await createAlbum(server.databaseUrl, { stickers: STICKERS });
  const placeId = await newPlace('Oratorio dei Raduni');
  const [registered, parent] = await Promise.all([
    Promise.all([
      ...[1, 2, 3, 4, 5].map(() => registeredUser(server.url)),
      registeredUser(server.url, { birthYear: thisYear - 16, birthMonth: 2 }),
    ]),
    registeredUser(server.url),
  ]);
  // A child profile (issue 45): its parent, with a verified address, acts as it from here on.
  await sql(
    server.databaseUrl,
    "update app_user set email = 'genitore.' || id || '@example.it', email_verified_at = now() where id = $1",
    [parent.id],
  );
  const child = await parent.api.post<{ id: number; nickname: string }>('/api/user/children', {
    nickname: `Bimbo${parent.id}`,
    birthYear: thisYear - 10,
    birthMonth: 3,
    parentalResponsibility: true,
  });
  expect(child.status).toBe(201);
  expect((await parent.api.post('/api/auth/profile', { profileId: child.body.id })).status).toBe(200);
  const people = [...registered, { ...parent, id: child.body.id, nickname: child.body.nickname }];
  const [a1, a2, , , nonSharer, teen, kid] = people as [
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
  ];
  // Each one's marks: some owned, some of those doubles.
  const next = random(46);
  const marks = new Map<number, { owned: Set<number>; doubles: Set<number> }>();
  for (const person of people) {
    const owned = new Set<number>();
    const doubles = new Set<number>();
    for (let n = 1; n <= STICKERS; n += 1) {
      const roll = next();
      if (roll < 0.5) owned.add(n);
      if (roll < 0.2) doubles.add(n);
    }
    marks.set(person.id, { owned, doubles });
    const mark = async (numbers: Set<number>, status: string) => {
      if (numbers.size === 0) return;
      const answer = await person.api.post('/api/user/stickers/bulk', {
        albumId: album.id,
        numbers: [...numbers].join(', '),
        status,
      });
      expect(answer.status).toBe(200);
    };
    await mark(new Set([...owned].filter((n) => !doubles.has(n))), 'yes');
    await mark(doubles, 'double');
  }
  const created = await admin.post<Raduno>('/api/raduni', {
    puntoScambioId: placeId,
    title: 'Raduno del pool',
    start: hoursFromNow(1),
    end: hoursFromNow(5),
    albumIds: [album.id],
  });
  const id = created.body.id;
  for (const [index, person] of people.entries()) {
    const going = await person.api.post(`/api/raduni/${id}/partecipa`, {
      ciVado: true,
      tavolo: String(index + 1),
      ...(person === nonSharer ? { condividi: false } : {}),
      // A minor shares only when asked: the teen, and the child as the parent chooses for it.
      ...(person === teen || person === kid ? { condividi: true } : {}),
    });
    expect(going.status).toBe(200);
  }
  expect((await a1.api.post(`/api/users/${a2.id}/block`)).status).toBe(200);

  const adults = new Set(
    people.filter((person) => person !== teen && person !== kid).map((person) => person.id),
  );
  const sharers = people.filter((person) => person !== nonSharer);
  const blocked = (x: number, y: number) => (x === a1.id && y === a2.id) || (x === a2.id && y === a1.id);
  const sorted = (numbers: number[]) => numbers.sort((x, y) => x - y).map(String);
  for (const viewer of sharers) {
    const mine = marks.get(viewer.id) as { owned: Set<number>; doubles: Set<number> };
    const expected = sharers
      .filter((other) => other !== viewer && !blocked(viewer.id, other.id))
      .map((other) => {
        const theirs = marks.get(other.id) as { owned: Set<number>; doubles: Set<number> };
        const tiDa = [...theirs.doubles].filter((n) => !mine.owned.has(n));
        const gliDai = [...mine.doubles].filter((n) => !theirs.owned.has(n));
        return {
          id: other.id,
          // An adult holds the phone of a child profile: minors show as a table to it as well.
          nickname:
            (adults.has(viewer.id) || viewer === kid) && !adults.has(other.id) ? null : other.nickname,
          tavolo: String(people.indexOf(other) + 1),
          tiDa: sorted(tiDa),
          gliDai: sorted(gliDai),
        };
      })
      .filter((entry) => entry.tiDa.length + entry.gliDai.length > 0)
      .sort(
        (x, y) =>
          Math.min(y.tiDa.length, y.gliDai.length) - Math.min(x.tiDa.length, x.gliDai.length) ||
          y.tiDa.length - x.tiDa.length ||
          x.id - y.id,
      )
      .map(({ id: _id, ...entry }) => entry);
    const pool = await viewer.api.get<Pool>(`/api/raduni/${id}/pool`);
    expect(pool.status).toBe(200);
    expect(
      pool.body.entries.map(({ nickname, tavolo, tiDa, gliDai }) => ({ nickname, tavolo, tiDa, gliDai })),
      viewer.nickname,
    ).toEqual(expected);
    // The names in a pool open nothing else: not a user's id.
    for (const entry of pool.body.entries) expect(entry.attendee).toMatch(/^[\w-]{16}$/);
  }
  expect(messageOf(await nonSharer.api.get(`/api/raduni/${id}/pool`))).toEqual([
    403,
    'Per vedere chi ha le tue mancanti di’ che ci vai e condividi le tue liste',
  ]);
  // 'Le più cercate qui' (row 6): counts among those who share but the caller, checked by brute force; for
  // the organiser and the sharers, not for a lurker or a stranger.
  const counts = (pick: (person: (typeof people)[0]) => Set<number>, caller?: (typeof people)[0]) =>
    Array.from({ length: STICKERS }, (_, index) => index + 1)
      .map((n) => ({
        n,
        count: sharers.filter((person) => person !== caller && pick(person).has(n)).length,
      }))
      .filter((row) => row.count > 0)
      .sort((x, y) => y.count - x.count || x.n - y.n)
      .slice(0, 30)
      .map((row) => ({ number: String(row.n), count: row.count }));
  const marksOf = (person: (typeof people)[0]) =>
    marks.get(person.id) as { owned: Set<number>; doubles: Set<number> };
  const all = new Set(Array.from({ length: STICKERS }, (_, index) => index + 1));
  const wanted = await admin.get<{ sharers: number; cercate: Counted[]; offerte: Counted[] }>(
    `/api/raduni/${id}/piu-cercate`,
  );
  expect(wanted.body.sharers).toBe(sharers.length);
  expect(wanted.body.cercate.map(({ number, count }) => ({ number, count }))).toEqual(
    counts((person) => new Set([...all].filter((n) => !marksOf(person).owned.has(n)))),
  );
  expect(wanted.body.offerte.map(({ number, count }) => ({ number, count }))).toEqual(
    counts((person) => marksOf(person).doubles),
  );
  const mine = await a1.api.get<{ sharers: number; cercate: Counted[]; offerte: Counted[] }>(
    `/api/raduni/${id}/piu-cercate`,
  );
  expect(mine.body.sharers).toBe(sharers.length - 1);
  expect(mine.body.offerte.map(({ number, count }) => ({ number, count }))).toEqual(
    counts((person) => marksOf(person).doubles, a1),
  );
  const stranger = await registeredUser(server.url);
  for (const lurker of [nonSharer, stranger]) {
    expect(messageOf(await lurker.api.get(`/api/raduni/${id}/piu-cercate`))).toEqual([
      403,
      'Le più cercate le vede chi organizza il raduno e chi ci va e condivide le sue liste',
    ]);
  }

  // Check-in by the printed QR (row 5) during the meet: 'qui ora' beside an adult who shows it, never a minor.
  await sql(server.databaseUrl, "update raduno set starts_at = now() - interval '10 minutes' where id = $1", [
    id,
  ]);
  const token = (await admin.get<Raduno>(`/api/raduni/${id}`)).body.checkInToken as string;
  const now = Math.floor(Date.now() / 1000);
  const [a3, a4] = [people[2], people[3]] as [(typeof people)[0], (typeof people)[0]];
  const checkIns = await Promise.all([
    a1.api.post(`/api/raduni/${id}/check-in`, { token: '0'.repeat(32), at: now }),
    a1.api.post(`/api/raduni/${id}/check-in`, { token, at: now - 4 * 3600 }),
    a1.api.post(`/api/raduni/${id}/check-in`, { token: 'codice', at: now }),
    a1.api.post(`/api/raduni/${id}/check-in`, { token, at: now - 60 }),
    teen.api.post(`/api/raduni/${id}/check-in`, { token, at: now - 60 }),
    kid.api.post(`/api/raduni/${id}/check-in`, { token, at: now - 50 }),
    a2.api.post(`/api/raduni/${id}/partecipa`, { ciVado: true, mostraQui: false }),
  ]);
  expect(checkIns.map(messageOf)).toEqual([
    [403, 'Questo codice non è del raduno: inquadra il QR esposto al Punto Scambio'],
    [400, "Il check-in vale dall'ora prima dell'inizio alla fine del raduno"],
    [400, 'Codice del raduno non valido'],
    [200, undefined],
    [200, undefined],
    [200, undefined],
    [200, undefined],
  ]);
  expect((checkIns[3]?.body as unknown as Raduno | undefined)?.mine?.arrivato).toBe(
    new Date((now - 60) * 1000).toISOString(),
  );
  expect((await a2.api.post(`/api/raduni/${id}/check-in`, { token, at: now - 30 })).status).toBe(200);
  const here = (await a3.api.get<Pool>(`/api/raduni/${id}/pool`)).body.entries;
  const quiOf = (person: (typeof people)[0]) =>
    here.find((entry) => entry.tavolo === String(people.indexOf(person) + 1))?.qui;
  expect([quiOf(a1), quiOf(a2), quiOf(teen), quiOf(kid), quiOf(a4)]).toEqual([
    true,
    false,
    false,
    false,
    false,
  ]);

  // A swap made at the table records the meet ('Com'è andata?', row 7); one made hours before does not.
  const [given, taken] = album.stickers as unknown as [{ id: number }, { id: number }];
  const record = (key: string, at: number) =>
    a1.api.post('/api/swaps/in-person', {
      key,
      albumId: album.id,
      otherNickname: a3.nickname,
      role: 'picker',
      at,
      gives: [given.id],
      receives: [taken.id],
    });
  expect((await record('a'.repeat(32), now - 30)).status).toBe(200);
  expect((await record('b'.repeat(32), now - 2 * 3600)).status).toBe(200);
  const atMeet = await a1.api.get<
    { otherNickname: string; gave: number; received: number; rated: boolean }[]
  >(`/api/raduni/${id}/scambi`);
  expect(atMeet.body).toEqual([
    expect.objectContaining({ otherNickname: a3.nickname, gave: 1, received: 1, rated: false }),
  ]);
  expect((await a3.api.get<unknown[]>(`/api/raduni/${id}/scambi`)).body).toHaveLength(1);

  // After the end, no pool; a check-in made offline at the meet still arrives.
  await sql(
    server.databaseUrl,
    "update raduno set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 minute' where id = $1",
    [id],
  );
  expect(messageOf(await a1.api.get(`/api/raduni/${id}/pool`))).toEqual([410, 'Il raduno è finito']);
  const late = await a4.api.post<Raduno>(`/api/raduni/${id}/check-in`, { token, at: now - 90 });
  expect(late.body.mine?.arrivato).toBe(new Date((now - 90) * 1000).toISOString());

  // Seven days after the end nothing is left of who went (row 7); the meet and its swap stay.
  await sql(
    server.databaseUrl,
    "update raduno set starts_at = now() - interval '8 days 3 hours', ends_at = now() - interval '8 days' where id = $1",
    [id],
  );
  expect((await admin.post('/api/admin/maintenance/run')).status).toBe(200);
  const [left] = await sql<{ count: number }>(
    server.databaseUrl,
    'select count(*)::int as count from raduno_participant where raduno_id = $1',
    [id],
  );
  expect(left?.count).toBe(0);
  expect((await admin.get<Raduno>(`/api/raduni/${id}`)).body.going).toBe(0);
  expect((await admin.get(`/api/raduni/${id}/piu-cercate`)).status).toBe(404);
  expect((await a1.api.get<unknown[]>(`/api/raduni/${id}/scambi`)).body).toHaveLength(1);
  // Too early: the pool is prepared from 48 hours before.
  const later = await admin.post<Raduno>('/api/raduni', {
    puntoScambioId: placeId,
    title: 'Tra tre giorni',
    start: hoursFromNow(72),
    end: hoursFromNow(76),
    albumIds: [album.id],
  });
  await a1.api.post(`/api/raduni/${later.body.id}/partecipa`, { ciVado: true });
  expect(messageOf(await a1.api.get(`/api/raduni/${later.body.id}/pool`))).toEqual([
    409,
    "Il pool si prepara dalle 48 ore prima dell'inizio del raduno",
  ]);
});
