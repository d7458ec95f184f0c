import Fastify from 'fastify';
import { beforeAll, expect, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';
import { openDatabase } from '../server/db/orm.ts';
import { startScheduler } from '../server/settings/scheduler.ts';
import type { SwapView } from './schemas/swaps.ts';

const { server, admin } = setUpServerWithAdmin();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 40 });
});

const { collector, propose, act, pair, completedSwap } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);

const statusOf = async (id: number) =>
  (await sql<{ status: string }>(server.databaseUrl, 'select status from swap where id = $1', [id]))[0]
    ?.status;

const reservedBits = async (user: SwapCollector) =>
  Number(
    (
      await sql<{ bits: number }>(
        server.databaseUrl,
        'select bit_count(reserved) as bits from collection where user_id = $1 and album_id = $2',
        [user.id, album.id],
      )
    )[0]?.bits,
  );

/** Swaps written straight into the table: `count` of them from one collector to another. */
async function insertSwaps(from: SwapCollector, to: SwapCollector, count: number, columns: string) {
  await sql(
    server.databaseUrl,
    `insert into swap (from_user_id, to_user_id, album_id, status, created_at, expires_at, updated_at)
     select $1, $2, $3, ${columns} from generate_series(1, $4)`,
    [from.id, to.id, album.id, count],
  );
}

// Row 6: a proposal flood.

test('at most 3 open proposals to one collector: 9 different ones sent at once, 3 go through, the rest 429 in Italian', async () => {
  const { anna, bruno } = await pair();
  // Every different proposal Anna can make (an identical one would be refused as such, 409).
  const sides = [['1'], ['2'], ['1', '2']];
  const theirs = [['11'], ['12'], ['11', '12']];
  const results = await Promise.all(
    sides.flatMap((give) => theirs.map((receive) => propose(anna, bruno, give, receive))),
  );
  expect(results.filter((result) => result.status === 201)).toHaveLength(3);
  const refused = results.filter((result) => result.status !== 201);
  expect(refused.map((result) => result.status)).toEqual(Array(6).fill(429));
  expect(refused[0]?.body.message).toBe(
    'Hai già 3 proposte in attesa con questo collezionista: aspetta la sua risposta',
  );
  expect((await bruno.api.get('/api/swaps/waiting')).body).toEqual({ count: 3 });
  // An answer frees a place.
  const [first] = results.filter((result) => result.status === 201);
  await act(bruno, first?.body.id ?? 0, 'decline');
  expect((await propose(anna, bruno, ['1'], ['11'])).status).toBe(201);
});

test('at most 30 new proposals a day per collector, counted in PostgreSQL even when sent at once', async () => {
  const { anna, bruno } = await pair();
  const [carla, dario] = await Promise.all([collector({ double: '21' }), collector({ double: '22' })]);
  // 28 proposals made today (already withdrawn: they still count).
  await insertSwaps(anna, bruno, 28, `'annullato', now(), now() + interval '7 days', now()`);
  const results = await Promise.all([
    propose(anna, carla, ['1'], ['21']),
    propose(anna, carla, ['2'], ['21']),
    propose(anna, dario, ['1'], ['22']),
    propose(anna, dario, ['2'], ['22']),
  ]);
  expect(results.map((result) => result.status).sort()).toEqual([201, 201, 429, 429]);
  expect(results.find((result) => result.status === 429)?.body.message).toBe(
    'Hai già fatto 30 proposte nelle ultime 24 ore: riprova più tardi',
  );
  // Yesterday's do not count.
  await sql(
    server.databaseUrl,
    "update swap set created_at = now() - interval '25 hours' where from_user_id = $1",
    [anna.id],
  );
  expect((await propose(anna, bruno, ['1'], ['11'])).status).toBe(201);
});

test('Scambi lists every open swap whatever the count, and the newest 100 of the others', async () => {
  const { anna, bruno } = await pair();
  const accepted = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, accepted, 'accept');
  await insertSwaps(anna, bruno, 120, `'rifiutato', now(), now() + interval '7 days', now()`);
  const list = await bruno.api.get<SwapView[]>('/api/swaps');
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(101);
  expect(list.body.at(-1)).toMatchObject({ id: accepted, status: 'accettato' });
  expect((await bruno.api.get<SwapView[]>('/api/swaps?status=accettato')).body.map((s) => s.id)).toEqual([
    accepted,
  ]);
});

test('the clean-up purges declined, cancelled and expired swaps older than 90 days, and keeps the rest', async () => {
  const { anna, bruno } = await pair();
  const old = `now() - interval '91 days'`;
  await insertSwaps(anna, bruno, 1, `'rifiutato', ${old}, ${old}, ${old}`);
  await insertSwaps(anna, bruno, 1, `'annullato', ${old}, ${old}, ${old}`);
  await insertSwaps(anna, bruno, 1, `'proposto', ${old}, ${old}, ${old}`);
  await insertSwaps(anna, bruno, 1, `'completato', ${old}, ${old}, ${old}`);
  await insertSwaps(anna, bruno, 1, `'rifiutato', ${old}, ${old}, now() - interval '89 days'`);
  await insertSwaps(anna, bruno, 1, `'proposto', ${old}, now() - interval '89 days', ${old}`);
  const run = await admin.post('/api/admin/maintenance/run');
  expect(run.status).toBe(200);
  const left = await sql<{ status: string }>(
    server.databaseUrl,
    'select status from swap where from_user_id = $1 order by id',
    [anna.id],
  );
  expect(left.map((row) => row.status)).toEqual(['completato', 'rifiutato', 'proposto']);
});

// Row 7: reputation that cannot be farmed.

test('5 swaps between two accounts in a second rate once and count once: reputation counts partners, raters once, their latest', async () => {
  const anna = await collector({ double: '1, 2, 3, 4, 5' });
  const bruno = await collector({ double: '11, 12, 13, 14, 15, 16' });
  const ids: number[] = [];
  for (const n of [1, 2, 3, 4, 5]) ids.push(await completedSwap(anna, bruno, [String(n)], [String(10 + n)]));
  const first = await anna.api.get<SwapView>(`/api/swaps/${ids[0]}`);
  expect(first.body.canRate).toBe(true);
  expect((await anna.api.post(`/api/swaps/${ids[0]}/rating`, { stars: 5 })).status).toBe(200);
  for (const id of ids.slice(1)) {
    expect((await anna.api.get<SwapView>(`/api/swaps/${id}`)).body.canRate).toBe(false);
    const again = await anna.api.post(`/api/swaps/${id}/rating`, { stars: 5 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Hai già uno scambio con questo collezionista negli ultimi 7 giorni: questo non aggiunge un voto',
    );
  }
  // The five make one partner this week (issue 43): the swap count is not farmed either.
  expect((await anna.api.get(`/api/users/${bruno.id}/reputation`)).body).toEqual({
    average: 5,
    ratings: 1,
    completedSwaps: 1,
    inPersonSwaps: 0,
  });

  // A week later a new swap may be rated again: the latest rating replaces the earlier one.
  await sql(
    server.databaseUrl,
    "update swap set completed_at = completed_at - interval '8 days' where id = $1",
    [ids[0]],
  );
  expect((await anna.api.post(`/api/swaps/${ids[1]}/rating`, { stars: 2 })).status).toBe(200);
  // The one of 8 days ago and the first of this week's four count; the other three followed it.
  expect((await anna.api.get(`/api/users/${bruno.id}/reputation`)).body).toEqual({
    average: 2,
    ratings: 1,
    completedSwaps: 2,
    inPersonSwaps: 0,
  });
  // Another collector's rating counts apart.
  const carla = await collector({ double: '6' });
  const withCarla = await completedSwap(carla, bruno, ['6'], ['16']);
  await carla.api.post(`/api/swaps/${withCarla}/rating`, { stars: 4 });
  expect((await carla.api.get(`/api/users/${bruno.id}/reputation`)).body).toEqual({
    average: 3,
    ratings: 2,
    completedSwaps: 3,
    inPersonSwaps: 0,
  });
});

// Row 8: a scam can be rated.

test('once one side has confirmed receipt, neither can cancel: the other may confirm or report', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  await act(anna, id, 'confirm');
  const cancel = await act(bruno, id, 'cancel');
  expect(cancel.status).toBe(409);
  expect(cancel.body.message).toBe(
    `${anna.nickname} ha già confermato di aver ricevuto le figurine: puoi confermare anche tu o segnalarlo`,
  );
  const own = await act(anna, id, 'cancel');
  expect(own.status).toBe(409);
  expect(own.body.message).toBe(
    'Hai confermato di aver ricevuto le figurine: lo scambio non si può più annullare',
  );
  expect((await act(bruno, id, 'confirm')).body.status).toBe('completato');
});

test('an accepted swap not completed within 14 days ends non_completato; who had confirmed may rate', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const accepted = await act(bruno, id, 'accept');
  const days = (Date.parse(accepted.body.expiresAt) - Date.now()) / 86_400_000;
  expect(Math.round(days)).toBe(14);
  await act(anna, id, 'confirm');
  expect(await reservedBits(anna)).toBe(1);
  await sql(server.databaseUrl, "update swap set expires_at = now() - interval '1 second' where id = $1", [
    id,
  ]);

  expect((await bruno.api.get<SwapView>(`/api/swaps/${id}`)).body).toMatchObject({
    status: 'non_completato',
    canRate: false,
  });
  expect((await anna.api.get<SwapView>(`/api/swaps/${id}`)).body.canRate).toBe(true);
  expect((await bruno.api.get('/api/swaps/waiting')).body).toEqual({ count: 0 });
  const late = await act(bruno, id, 'confirm');
  expect(late.status).toBe(409);
  expect(late.body.message).toBe('Lo scambio non è stato completato entro 14 giorni');
  const listed = await bruno.api.get<SwapView[]>('/api/swaps?status=non_completato');
  expect(listed.body.map((swap) => swap.id)).toEqual([id]);

  const notMine = await bruno.api.post(`/api/swaps/${id}/rating`, { stars: 5 });
  expect(notMine.status).toBe(409);
  expect((await anna.api.post(`/api/swaps/${id}/rating`, { stars: 1 })).status).toBe(200);
  expect((await anna.api.get(`/api/users/${bruno.id}/reputation`)).body).toEqual({
    average: 1,
    ratings: 1,
    completedSwaps: 0,
    inPersonSwaps: 0,
  });

  // The clean-up writes the status and releases the reservations.
  await admin.post('/api/admin/maintenance/run');
  expect(await statusOf(id)).toBe('non_completato');
  expect(await reservedBits(anna)).toBe(0);
  expect(await reservedBits(bruno)).toBe(0);
});

test('an overdue swap is closed and its stickers freed within the minute, whatever the maintenance mode', async () => {
  await admin.put('/api/admin/settings', {
    maintenanceMode: 'disabilitato',
    logLevel: 'error',
    autoBackup: false,
  });
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['2'], ['12'])).body.id;
  await act(bruno, id, 'accept');
  expect(await reservedBits(anna)).toBe(1);
  await sql(server.databaseUrl, "update swap set expires_at = now() - interval '1 second' where id = $1", [
    id,
  ]);
  // The scheduler's next tick, as every instance runs it each minute.
  const orm = await openDatabase(server.databaseUrl);
  const scheduler = startScheduler({
    orm,
    env: { NODE_ENV: 'test' },
    backups: undefined,
    log: Fastify().log,
    pinnedLogLevel: 'silent',
  });
  try {
    await scheduler.tick();
  } finally {
    await scheduler.stop();
    await orm.close();
  }
  expect(await statusOf(id)).toBe('non_completato');
  expect(await reservedBits(anna)).toBe(0);
  expect(await reservedBits(bruno)).toBe(0);
});

test('OpenAPI names the non_completato status', async () => {
  const spec = await fetch(`${server.url}/api/openapi.json`).then((response) => response.text());
  expect(spec).toContain('non_completato');
});

// Row 9: deactivated collectors.

test('deactivating a collector cancels their open swaps and releases the reservations', async () => {
  const { anna, bruno } = await pair();
  const carla = await collector({ double: '21' });
  const proposed = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const accepted = (await propose(carla, anna, ['21'], ['2'])).body.id;
  await act(anna, accepted, 'accept');
  expect(await reservedBits(carla)).toBe(1);
  expect((await admin.patch(`/api/admin/users/${anna.id}/toggle-status`, { is_active: false })).status).toBe(
    200,
  );
  expect((await bruno.api.get<SwapView>(`/api/swaps/${proposed}`)).body.status).toBe('annullato');
  expect((await carla.api.get<SwapView>(`/api/swaps/${accepted}`)).body.status).toBe('annullato');
  expect(await reservedBits(carla)).toBe(0);
  expect((await bruno.api.get('/api/swaps/waiting')).body).toEqual({ count: 0 });
});

test('a transition involving an inactive collector is refused with 409', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await sql(server.databaseUrl, 'update app_user set is_active = false where id = $1', [anna.id]);
  const refused = await act(bruno, id, 'accept');
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(`${anna.nickname} non è più attivo: lo scambio non può proseguire`);
  expect(await statusOf(id)).toBe('proposto');
});

test('deactivation and acceptance at once: the swap never stays accepted for an inactive collector', async () => {
  for (let round = 0; round < 3; round += 1) {
    const { anna, bruno } = await pair();
    const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
    const [deactivated] = await Promise.all([
      admin.patch(`/api/admin/users/${anna.id}/toggle-status`, { is_active: false }),
      act(bruno, id, 'accept'),
    ]);
    expect(deactivated.status).toBe(200);
    expect(await statusOf(id)).toBe('annullato');
    expect(await reservedBits(bruno)).toBe(0);
  }
});
