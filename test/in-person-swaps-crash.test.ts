import pg from 'pg';
import { expect, test } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { isAlive, setUpCrashableApp, until } from './support/crashable-app.ts';
import { type InPersonCall, recordInPerson, tableSwap } from './support/in-person-swaps.ts';
import { sql } from './support/sql.ts';
import { type SwapCollector, swapHelpers } from './support/swaps.ts';

// Issue 34: the server dies while both phones' records of one in-person swap are in flight.

const running = setUpCrashableApp({ stickers: 20 });

/** The app's connections to the test database waiting for a lock, and the statement each is in. */
const waitingBackends = () =>
  sql<{ pid: number; query: string }>(
    running.databaseUrl,
    `select pid, query from pg_stat_activity
      where datname = current_database() and application_name like 'scambio-figurine/%'
        and wait_event_type = 'Lock'`,
  );

const backendsAlive = async (pids: number[]) =>
  (
    await sql<{ n: number }>(
      running.databaseUrl,
      'select count(*)::int as n from pg_stat_activity where pid = any($1)',
      [pids],
    )
  )[0]?.n ?? 0;

const swapsOfPair = (a: SwapCollector, b: SwapCollector) =>
  sql<{ id: number; in_person_key: string; from_confirmed: boolean; to_confirmed: boolean; items: number }>(
    running.databaseUrl,
    `select id, in_person_key, from_confirmed, to_confirmed,
            (select count(*)::int from swap_item i where i.swap_id = w.id) as items
       from swap w where (from_user_id, to_user_id) in (($1, $2), ($2, $1))`,
    [a.id, b.id],
  );

/** The same collector's session on the restarted app (its port is new; the session lives in PostgreSQL). */
function onApp(user: SwapCollector, url: string) {
  const api = apiClient(url);
  api.cookie = user.api.cookie;
  return { ...user, api };
}

test('SIGKILL while both phones record one swap: nothing half-written; their resends make one swap with both flags', async () => {
  let app = await running.start();
  const { album } = running;
  const { pair } = swapHelpers({ url: app.url }, () => album);
  const { anna, bruno } = await pair();
  const stickerIds = ['1', '2', '11'].map(
    (number) => album.stickers.find((sticker) => sticker.number === number)?.id as number,
  );
  const calls = tableSwap({
    picker: anna,
    shower: bruno,
    albumId: album.id,
    pickerGives: stickerIds.slice(0, 2),
    showerGives: stickerIds.slice(2),
  });

  // Hold the swap's stickers: the first record writes its swap row and then waits to write the items
  // (their foreign keys need the sticker rows), the second waits on the key for the first.
  const hold = new pg.Client({ connectionString: running.databaseUrl });
  await hold.connect();
  await hold.query('begin');
  await hold.query('select id from sticker where id = any($1) for update', [stickerIds]);
  const inFlight = [recordInPerson(anna, calls.picker), recordInPerson(bruno, calls.shower)].map((call) =>
    call.then(
      (answer) => answer,
      (error: Error) => error,
    ),
  );
  let waiting: { pid: number; query: string }[] = [];
  await until(async () => {
    waiting = await waitingBackends();
    return waiting.length === 2;
  }, 'both records waiting inside their transactions');
  // One has written its swap row and waits to write the items; the other waits on the key.
  expect(waiting.map((backend) => /insert into (swap_item|swap) /.exec(backend.query)?.[1]).sort()).toEqual([
    'swap',
    'swap_item',
  ]);

  process.kill(app.pid, 'SIGKILL');
  const killed = app.pid;
  await until(() => !isAlive(killed), 'the app died');
  // Neither phone got an answer: each keeps its record to send again.
  for (const outcome of await Promise.all(inFlight)) expect(outcome).toBeInstanceOf(Error);
  // Let the orphaned transactions go on: they find their client gone and roll back.
  await hold.query('rollback');
  await hold.end();
  await until(
    async () => (await backendsAlive(waiting.map((backend) => backend.pid))) === 0,
    'the killed app’s transactions ended',
  );
  expect(await swapsOfPair(anna, bruno)).toEqual([]);
  expect(
    await sql(running.databaseUrl, 'select count(*)::int as n from swap_item where sticker_id = any($1)', [
      stickerIds,
    ]),
  ).toEqual([{ n: 0 }]);

  app = await running.start();
  const resend = (user: SwapCollector, call: InPersonCall) =>
    recordInPerson(onApp(user, app?.url as string), call);
  const answers = await Promise.all([resend(anna, calls.picker), resend(bruno, calls.shower)]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  expect(answers[0]?.swapId).toBe(answers[1]?.swapId);
  expect(await swapsOfPair(anna, bruno)).toEqual([
    {
      id: answers[0]?.swapId,
      in_person_key: calls.picker.key,
      from_confirmed: true,
      to_confirmed: true,
      items: 3,
    },
  ]);
}, 120_000);
