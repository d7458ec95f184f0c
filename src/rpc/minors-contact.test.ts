import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { makeCandidates } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { italianMonth } from './schemas/age-band-rule.ts';
import { CHAT_PHRASES } from './schemas/chat.ts';

/*
 * Issue 45, rows 4 and 5, through the REST API: an adult and a minor start no chat and make no ordinary
 * proposal, and where a chat between them exists (from before the rule) they write only the set phrases;
 * two minors chat freely but without contact details.
 */
const { server, admin } = setUpServerWithAdmin();

const thisYear = italianMonth(new Date()).year;
const teenBirth = { birthYear: thisYear - 15, birthMonth: 1 };
const MINOR_SWAP_ONLY = 'Con un minorenne si scambia solo con una proposta in un Punto Scambio';
const CONTACTS_REFUSED = 'Per la tua sicurezza non si possono scambiare contatti o indirizzi nella chat';
const PHRASES_ONLY = 'Tra un adulto e un minorenne la chat accetta solo le frasi pronte';

/** A chat the pair had before the rule (no match between them can be opened now). */
async function chatFromBefore(a: { id: number }, b: { id: number }) {
  const [match] = await sql<{ id: number }>(
    server.databaseUrl,
    `insert into match (user_low_id, user_high_id, created_at) values (least($1::int, $2::int), greatest($1::int, $2::int), now())
     returning id`,
    [a.id, b.id],
  );
  return (match as { id: number }).id;
}

const messagesIn = async (matchId: number) =>
  (
    await sql<{ content: string }>(server.databaseUrl, 'select content from message where match_id = $1', [
      matchId,
    ])
  ).map((row) => row.content);

type Collector = Awaited<ReturnType<typeof registeredUser>>;

/** The teen's switch 'Visibile ai maggiorenni per proporre scambi'. */
async function visibleToAdults(teen: Awaited<ReturnType<typeof registeredUser>>, on: boolean) {
  const saved = await teen.api.put('/api/user/profile', {
    nickname: teen.nickname,
    cap: teen.cap,
    visibleToAdults: on,
  });
  expect(saved).toMatchObject({ status: 200, body: { visibleToAdults: on } });
}

test('to an adult a hidden teen is an unknown id everywhere; visible, the teen is found but still not contacted', async () => {
  const [adult, teen, otherAdult, otherTeen] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, teenBirth),
    registeredUser(server.url),
    registeredUser(server.url, { birthYear: thisYear - 17, birthMonth: 12 }),
  ]);
  const album = await makeCandidates(server, adult, teen, otherAdult, otherTeen);
  expect((await teen.api.get('/api/auth/me')).body).toMatchObject({
    ageBand: '14-17',
    visibleToAdults: false,
  });
  const unknownId = 2_000_000_000;
  /** Every way an adult can reach a collector by id, with the status and body each answers. */
  const reach = async (id: number) => {
    const answers = await Promise.all([
      adult.api.get(`/api/matches/potential/${id}/exchanges?albumId=${album.id}`),
      adult.api.get(`/api/users/${id}/reputation`),
      adult.api.post('/api/matches', { user2Id: id }),
      adult.api.post('/api/swaps', { toUserId: id, albumId: album.id, give: ['1'], receive: ['2'] }),
      adult.api.post(`/api/users/${id}/report`, { reason: 'chi sei?' }),
      adult.api.post(`/api/users/${id}/block`),
    ]);
    return answers.map((answer) => ({ status: answer.status, body: answer.body }));
  };
  const asUnknown = await reach(unknownId);
  expect(asUnknown.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
  expect(await reach(teen.id)).toEqual(asUnknown);
  const found = async (viewer: typeof adult) => {
    const potential = await viewer.api.get<{ id: number }[]>(`/api/matches/potential?albumId=${album.id}`);
    const holders = await viewer.api.get<{ stickers: { holders: { id: number }[] }[] }>(
      `/api/albums/${album.id}/nearby-holders`,
    );
    return {
      potential: potential.body.map((candidate) => candidate.id).includes(teen.id),
      holders: holders.body.stickers
        .flatMap((sticker) => sticker.holders)
        .some((holder) => holder.id === teen.id),
    };
  };
  expect(await found(adult)).toEqual({ potential: false, holders: false });
  // The adults still find each other; a minor finds the teen.
  expect(
    (await adult.api.get<{ id: number }[]>(`/api/matches/potential?albumId=${album.id}`)).body.map(
      (c) => c.id,
    ),
  ).toContain(otherAdult.id);
  expect(await found(otherTeen)).toEqual({ potential: true, holders: true });

  // Visible to adults: found, with a coarse place, yet no match and no ordinary proposal, either way.
  await visibleToAdults(teen, true);
  expect(await found(adult)).toEqual({ potential: true, holders: true });
  expect((await adult.api.get(`/api/users/${teen.id}/reputation`)).status).toBe(200);
  expect(
    (await adult.api.get(`/api/matches/potential/${teen.id}/exchanges?albumId=${album.id}`)).status,
  ).toBe(200);
  for (const [from, to] of [
    [adult, teen],
    [teen, adult],
  ] as const) {
    expect(await from.api.post('/api/matches', { user2Id: to.id })).toMatchObject({
      status: 403,
      body: { message: MINOR_SWAP_ONLY },
    });
    // A proposal without a Punto Scambio and a time (src/rpc/swap-points.test.ts has the ones with).
    expect(
      await from.api.post('/api/swaps', { toUserId: to.id, albumId: album.id, give: ['1'], receive: ['2'] }),
    ).toMatchObject({ status: 400, body: { message: MINOR_SWAP_ONLY } });
  }
  // Off again: unknown again.
  await visibleToAdults(teen, false);
  expect(await reach(teen.id)).toEqual(asUnknown);
  expect(
    await sql(server.databaseUrl, 'select 1 from swap where from_user_id in ($1, $2)', [adult.id, teen.id]),
  ).toEqual([]);
});

test('a chat from before between an adult and a teen takes only the set phrases', async () => {
  const [adult, teen] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, teenBirth),
  ]);
  const phrases = await teen.api.get<string[]>('/api/chat/phrases');
  expect(phrases).toMatchObject({ status: 200, body: [...CHAT_PHRASES] });
  expect(phrases.body).toEqual(
    expect.arrayContaining(['Ci sono', 'Sono in ritardo di 10 minuti', 'Annulliamo', 'Grazie!']),
  );
  const matchId = await chatFromBefore(adult, teen);
  for (const [from, text] of [
    [adult, 'ciao, quanti anni hai?'],
    [adult, 'Ci sono!'],
    [teen, 'ci sono'],
    [adult, 'Ci sono '.repeat(2)],
  ] as const) {
    expect(await from.api.post(`/api/matches/${matchId}/messages`, { content: text })).toMatchObject({
      status: 400,
      body: { message: PHRASES_ONLY },
    });
  }
  expect(await messagesIn(matchId)).toEqual([]);
  expect((await adult.api.post(`/api/matches/${matchId}/messages`, { content: 'Ci sono' })).status).toBe(200);
  // The content is trimmed before the rule: a phrase with spaces round it is that phrase.
  expect((await teen.api.post(`/api/matches/${matchId}/messages`, { content: '  Grazie!  ' })).status).toBe(
    200,
  );
  expect(await messagesIn(matchId)).toEqual(['Ci sono', 'Grazie!']);
});

test('two teens chat freely, but a message with a phone number, an address or a handle is refused and not stored', async () => {
  const [anna, bruno, adult] = await Promise.all([
    registeredUser(server.url, teenBirth),
    registeredUser(server.url, { birthYear: thisYear - 16, birthMonth: 3 }),
    registeredUser(server.url),
  ]);
  const matchId = await chatFromBefore(anna, bruno);
  for (const text of [
    'scrivimi al 347 123 4567',
    'tre quattro sette uno due tre quattro cinque sei sette',
    'seguimi su insta: @anna_figurine',
    'abito in via Roma 12',
    'luca punto bianchi chiocciola gmail punto com',
    'wa.me/393471234567',
  ]) {
    expect(await anna.api.post(`/api/matches/${matchId}/messages`, { content: text })).toMatchObject({
      status: 400,
      body: { message: CONTACTS_REFUSED },
    });
  }
  for (const text of ['mi mancano 12 34 56 78 90 102', 'ci vediamo sabato alle 15:30 in biblioteca?']) {
    expect((await bruno.api.post(`/api/matches/${matchId}/messages`, { content: text })).status).toBe(200);
  }
  expect(await messagesIn(matchId)).toEqual([
    'mi mancano 12 34 56 78 90 102',
    'ci vediamo sabato alle 15:30 in biblioteca?',
  ]);

  // Between adults nothing is filtered: the rule is the minors'.
  const other = await registeredUser(server.url);
  const adults = await chatFromBefore(adult, other);
  expect(
    (await adult.api.post(`/api/matches/${adults}/messages`, { content: 'scrivimi al 347 123 4567' })).status,
  ).toBe(200);
});

test("a minor's place reads only as a band to anyone else: no comune, never '< 1 km'; an adult's as before", async () => {
  // Both in Milan (20121): between adults that reads 'Milano · nel tuo comune' (0 km).
  const [adult, teen, otherAdult] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, teenBirth),
    registeredUser(server.url),
  ]);
  const album = await makeCandidates(server, adult, teen, otherAdult);
  await visibleToAdults(teen, true);
  const potential = await adult.api.get<{ id: number; comune: string | null; distanceKm: number }[]>(
    `/api/matches/potential?albumId=${album.id}`,
  );
  expect(potential.status).toBe(200);
  expect(potential.body.find((candidate) => candidate.id === teen.id)).toMatchObject({
    comune: null,
    distanceKm: 5,
    within: true,
  });
  expect(potential.body.find((candidate) => candidate.id === otherAdult.id)).toMatchObject({
    comune: 'Milano',
    distanceKm: 0,
  });
  expect(potential.body.find((candidate) => candidate.id === otherAdult.id)).not.toHaveProperty('within');

  const holders = await adult.api.get<{ stickers: { holders: { id: number }[] }[] }>(
    `/api/albums/${album.id}/nearby-holders`,
  );
  const teenAsHolder = holders.body.stickers
    .flatMap((sticker) => sticker.holders)
    .find((h) => h.id === teen.id);
  expect(teenAsHolder).toMatchObject({ comune: null, distanceKm: 5, within: true });

  // The chat header of a chat from before, and the match list.
  const matchId = await chatFromBefore(adult, teen);
  expect((await adult.api.get(`/api/matches/${matchId}`)).body).toMatchObject({
    user2: { id: teen.id, place: { comune: null, distanceKm: 5, within: true } },
    phrasesOnly: true,
  });
  const listed = await adult.api.get<{ id: number; user2: { place: unknown } }[]>('/api/matches');
  expect(listed.body.find((match) => match.id === matchId)?.user2.place).toEqual({
    comune: null,
    distanceKm: 5,
    within: true,
  });
  // What the teen sees of the adult is as before.
  expect((await teen.api.get(`/api/matches/${matchId}`)).body).toMatchObject({
    user2: { id: adult.id, place: { comune: 'Milano', distanceKm: 0 } },
  });
});

test("three 'adulto_minore' reports from three accounts in 7 days stop an adult reaching any minor until an admin lifts it; the admin reads those reports first", async () => {
  const [adult, teen, reporters, bystander] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, teenBirth),
    Promise.all([1, 2, 3].map(() => registeredUser(server.url, teenBirth))),
    registeredUser(server.url),
  ]);
  const album = await makeCandidates(server, adult, teen);
  await visibleToAdults(teen, true);
  const matchId = await chatFromBefore(adult, teen);
  const seesTeen = async () =>
    (await adult.api.get<{ id: number }[]>(`/api/matches/potential?albumId=${album.id}`)).body.some(
      (candidate) => candidate.id === teen.id,
    );
  const [first, second, third] = reporters as [Collector, Collector, Collector];
  const report = (from: Collector, reason: string) =>
    from.api.post(`/api/users/${adult.id}/report`, { reason, category: 'adulto_minore' });

  expect(await report(first, 'mi chiede dove abito')).toMatchObject({ status: 200 });
  // The same account twice counts once; an unknown category is refused in Italian.
  expect((await report(first, 'ancora')).status).toBe(200);
  expect(
    await second.api.post(`/api/users/${adult.id}/report`, {
      reason: 'x',
      category: 'volgare',
    }),
  ).toMatchObject({ status: 400, body: { message: 'Categoria non valida' } });
  expect((await report(second, 'insiste per vedermi')).status).toBe(200);
  expect(await seesTeen()).toBe(true);
  expect((await adult.api.post(`/api/matches/${matchId}/messages`, { content: 'Ci sono' })).status).toBe(200);

  expect((await report(third, 'mi mette a disagio')).status).toBe(200);
  expect(await seesTeen()).toBe(false);
  expect((await adult.api.get(`/api/users/${teen.id}/reputation`)).status).toBe(404);
  expect(await adult.api.post(`/api/matches/${matchId}/messages`, { content: 'Ci sono' })).toMatchObject({
    status: 403,
    body: {
      message:
        'Non puoi scrivere ai minorenni finché un amministratore non avrà esaminato delle segnalazioni su di te',
    },
  });
  // Adults are not affected.
  expect((await bystander.api.get(`/api/users/${adult.id}/reputation`)).status).toBe(200);

  // A newer report between adults comes after those involving a minor.
  expect((await bystander.api.post(`/api/users/${adult.id}/report`, { reason: 'spam' })).status).toBe(200);
  const listed = await admin.get<{
    reports: {
      reported_user_id: number;
      category: string | null;
      involves_minor: boolean;
      description: string;
    }[];
  }>('/api/admin/reports?limit=100');
  const aboutAdult = listed.body.reports.filter((row) => row.reported_user_id === adult.id);
  expect(aboutAdult.map((row) => [row.description, row.category, row.involves_minor])).toEqual([
    ['mi mette a disagio', 'adulto_minore', true],
    ['insiste per vedermi', 'adulto_minore', true],
    ['ancora', 'adulto_minore', true],
    ['mi chiede dove abito', 'adulto_minore', true],
    ['spam', null, false],
  ]);
  const users = await admin.get<{ id: number; minorContactSuspended: boolean }[]>(
    `/api/admin/users?search=${adult.nickname}`,
  );
  expect(users.body.find((user) => user.id === adult.id)?.minorContactSuspended).toBe(true);

  // The admin reviews and lifts it.
  expect(await admin.delete(`/api/admin/users/${adult.id}/minor-contact-suspension`)).toMatchObject({
    status: 200,
    body: { id: adult.id, minorContactSuspended: false },
  });
  expect(await seesTeen()).toBe(true);
});
