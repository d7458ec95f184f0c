import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import {
  deliveriesSettled,
  jobWithKey,
  pushesTagged,
  shown,
  subscribeDevice,
} from '../../test/support/alert-fixtures.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { startPushService } from '../../test/support/push-service.ts';
import { sql } from '../../test/support/sql.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { writeAlertSettings } from '../server/alerts/alert-settings.ts';
import { type DigestSearch, runDigest } from '../server/alerts/digest.ts';
import { isQuietHour, nextMorning } from '../server/alerts/quiet-hours.ts';
import { User } from '../server/db/entities/user.ts';
import { openDatabase } from '../server/db/orm.ts';
import { mutualCandidatesSearch } from '../server/matches/mutual-candidates.ts';
import { waitingCount } from '../server/swaps/waiting-count.ts';

const push = await startPushService();
let server: TestServer;
let orm: Awaited<ReturnType<typeof openDatabase>>;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer({ env: { PUSH_ENDPOINT_HOSTS: `http://${push.host}` } });
  orm = await openDatabase(server.databaseUrl);
});
afterAll(async () => {
  await orm?.close();
  await server?.close();
  await push.close();
});
const { collector, mark } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);
const fork = () => orm.em.fork() as EntityManager;

const MORNING_SPREAD_MS = 45 * 60 * 1000;
const ids = (people: SwapCollector[]) => people.map((person) => person.id).sort((a, b) => a - b);

/** The digest's search as the server runs it, read until it lists exactly `expected` (the index follows marks). */
async function searchSettles(search: DigestSearch, user: SwapCollector, expected: SwapCollector[]) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const me = await fork().findOneOrFail(User, user.id);
    const found = (await search(fork(), me)).map((candidate) => candidate.id).sort((a, b) => a - b);
    if (JSON.stringify(found) === JSON.stringify(ids(expected))) return;
    if (Date.now() > deadline) throw new Error(`the search lists ${found}, not ${ids(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Anna in a fresh album with doubles of 1 and 2, missing the rest: a collector with one of those is news. */
async function digestReader() {
  album = await createAlbum(server.databaseUrl, { stickers: 20 });
  const anna = await collector({ yes: '3', double: '1, 2' });
  const phone = await subscribeDevice(push, anna);
  return { anna, phone };
}

test("turning the digest on starts its daily check now, or at 8:00 in the quiet hours; 'Vicino a te' names the news", async () => {
  const { anna, phone } = await digestReader();
  const xeno = await collector({ yes: '13', double: '11' });
  await searchSettles(mutualCandidatesSearch(server.matchIndex), anna, [xeno]);

  const turnedOnAt = new Date();
  const on = await anna.api.put('/api/user/notifications', { digest: { push: true, email: false } });
  expect(on).toMatchObject({ status: 200, body: { settings: { digest: { push: true, email: false } } } });
  const quiet = isQuietHour(turnedOnAt);
  // Outside the quiet hours the first check runs at once and names Xeno, and the next waits for tomorrow
  // morning; inside them, the first check itself waits for the morning. Either way the job's next run is
  // the morning's (spread over 45 minutes).
  const deadline = Date.now() + 10_000;
  let next = await jobWithKey(server.databaseUrl, `digest:${anna.id}`);
  while (!next || next.locked_at || new Date(next.run_at).getTime() < Date.now() + 60_000) {
    if (Date.now() > deadline) throw new Error(`the digest was not scheduled: ${JSON.stringify(next)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    next = await jobWithKey(server.databaseUrl, `digest:${anna.id}`);
  }
  const morning = nextMorning(turnedOnAt).getTime();
  expect(new Date(next.run_at).getTime()).toBeGreaterThanOrEqual(morning);
  expect(new Date(next.run_at).getTime()).toBeLessThanOrEqual(morning + MORNING_SPREAD_MS);
  await deliveriesSettled(server.databaseUrl);
  const digests = pushesTagged(push, phone, 'digest');
  if (quiet) {
    expect(digests).toEqual([]);
  } else {
    expect(digests.map(shown)).toMatchObject([
      {
        title: 'Vicino a te',
        body: `Un collezionista vicino a te ha figurine che ti mancano e cercano tue doppie: ${xeno.nickname}`,
        url: '/match',
      },
    ]);
  }

  const off = await anna.api.put('/api/user/notifications', { digest: { push: false, email: false } });
  expect(off.status).toBe(200);
  expect(await jobWithKey(server.databaseUrl, `digest:${anna.id}`)).toBeUndefined();
});

/** The digest on without the API, so that no check runs but the test's own, each with its own clock. */
const digestOnWithoutTheQueue = (user: SwapCollector) =>
  writeAlertSettings(fork(), user.id, { digest: { push: true, email: false } });

/** One check of `user`'s digest at `now`, as the queue's task makes it; then whatever it sent is sent. */
async function checkDigest(user: SwapCollector, jobId: string, now: Date) {
  const config = {
    env: { PUBLIC_URL: 'https://figurine.example.it' },
    secret: 'not-used-by-push',
    badgeOf: waitingCount,
    digestSearch: mutualCandidatesSearch(server.matchIndex),
  };
  await runDigest(fork(), config, { userId: user.id }, jobId, now);
  await deliveriesSettled(server.databaseUrl);
}

/** When `user`'s next check is due, if one is queued. */
const nextDigestRun = async (user: SwapCollector) => {
  const job = await jobWithKey(server.databaseUrl, `digest:${user.id}`);
  return job ? new Date(job.run_at).getTime() : undefined;
};

/** A day after today at `hour`:00 UTC (10:00 or 11:00 in Italy for 9): later than now, so the queue leaves its jobs alone. */
function tomorrowAt(hour: number, days = 1) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
}

test('with a fixed clock: who is mutual at send time is named, once a day, never in the quiet hours', async () => {
  const { anna, phone } = await digestReader();
  await digestOnWithoutTheQueue(anna);
  const search = mutualCandidatesSearch(server.matchIndex);
  const check = async (jobId: string, now: Date) => {
    await checkDigest(anna, jobId, now);
    return pushesTagged(push, phone, 'digest').map(shown);
  };
  const nextRun = () => nextDigestRun(anna);

  const xeno = await collector({ yes: '13', double: '11' });
  const yuri = await collector({ double: '12' });
  // Zoe has a sticker Anna lacks but needs none of Anna's doubles: not a swap, never named.
  await collector({ yes: '1, 2', double: '14' });
  await searchSettles(search, anna, [xeno, yuri]);
  // Yuri finds a 1 elsewhere before the digest goes out: no longer a swap with Anna.
  await mark(yuri, 'yes', '1, 2');
  await searchSettles(search, anna, [xeno]);

  const day1 = tomorrowAt(9);
  expect(await check('digest-1', day1)).toMatchObject([
    {
      title: 'Vicino a te',
      body: `Un collezionista vicino a te ha figurine che ti mancano e cercano tue doppie: ${xeno.nickname}`,
    },
  ]);
  expect(await nextRun()).toBeGreaterThanOrEqual(nextMorning(day1).getTime());

  // Someone new the same afternoon: nothing more today, the next check is tomorrow morning.
  const wanda = await collector({ double: '15' });
  await searchSettles(search, anna, [xeno, wanda]);
  const afternoon = tomorrowAt(15);
  expect(await check('digest-2', afternoon)).toHaveLength(1);
  expect(await nextRun()).toBeGreaterThanOrEqual(nextMorning(afternoon).getTime());
  expect(await nextRun()).toBeLessThanOrEqual(nextMorning(afternoon).getTime() + MORNING_SPREAD_MS);

  // The quiet hours of day 2 (21:30 or 22:30 in Italy): it waits for the morning after.
  const evening = tomorrowAt(20, 2);
  expect(await check('digest-3', new Date(evening.getTime() + 30 * 60_000))).toHaveLength(1);
  expect(await nextRun()).toBeGreaterThanOrEqual(nextMorning(evening).getTime());

  // Day 3: Wanda is the news; Xeno was told already.
  const [, told] = await check('digest-4', tomorrowAt(9, 3));
  expect(told?.body).toBe(
    `Un collezionista vicino a te ha figurine che ti mancano e cercano tue doppie: ${wanda.nickname}`,
  );
  const [state] = await sql<{ told: number[] }>(
    server.databaseUrl,
    'select told from digest_state where user_id = $1',
    [anna.id],
  );
  expect([...(state?.told ?? [])].sort((a, b) => a - b)).toEqual(ids([xeno, wanda]));
});

test('a deactivated collector gets no digest, and has it again once an admin reactivates them', async () => {
  const { anna, phone } = await digestReader();
  await digestOnWithoutTheQueue(anna);
  const xeno = await collector({ yes: '13', double: '11' });
  await searchSettles(mutualCandidatesSearch(server.matchIndex), anna, [xeno]);
  const admin = await adminClient(server);
  expect((await admin.patch(`/api/admin/users/${anna.id}/toggle-status`, { is_active: false })).status).toBe(
    200,
  );

  const day1 = tomorrowAt(9);
  await checkDigest(anna, 'away-1', day1);
  expect(pushesTagged(push, phone, 'digest')).toEqual([]);
  // Nothing sent, but the daily check goes on: an admin may bring the collector back.
  expect(await nextDigestRun(anna)).toBeGreaterThanOrEqual(nextMorning(day1).getTime());

  expect((await admin.patch(`/api/admin/users/${anna.id}/toggle-status`, { is_active: true })).status).toBe(
    200,
  );
  expect(
    (await anna.api.post('/api/auth/login', { nickname: anna.nickname, password: anna.password })).status,
  ).toBe(200);
  const newPhone = await subscribeDevice(push, anna);
  await checkDigest(anna, 'back-1', tomorrowAt(9, 2));
  expect(pushesTagged(push, newPhone, 'digest').map(shown)).toMatchObject([
    { title: 'Vicino a te', body: expect.stringContaining(xeno.nickname) },
  ]);
});

test('a check that fails after sending is retried without a second digest: sending and its record are one', async () => {
  const { anna, phone } = await digestReader();
  await digestOnWithoutTheQueue(anna);
  const xeno = await collector({ yes: '13', double: '11' });
  await searchSettles(mutualCandidatesSearch(server.matchIndex), anna, [xeno]);
  // The database refuses the digest's record once (a lost connection, a full disk): the job fails and
  // the queue runs it again, with the same job id.
  await sql(
    server.databaseUrl,
    `create function refuse_digest_state() returns trigger language plpgsql as $$
       begin raise exception 'the disk is full'; end $$;
     create trigger refuse_digest_state before insert or update on digest_state
       for each row execute function refuse_digest_state();`,
  );
  const day1 = tomorrowAt(9);
  try {
    await expect(checkDigest(anna, 'retried-1', day1)).rejects.toThrow('the disk is full');
  } finally {
    await sql(
      server.databaseUrl,
      'drop trigger refuse_digest_state on digest_state; drop function refuse_digest_state();',
    );
  }
  await deliveriesSettled(server.databaseUrl);
  await checkDigest(anna, 'retried-1', day1);
  expect(pushesTagged(push, phone, 'digest').map(shown)).toMatchObject([
    { title: 'Vicino a te', body: expect.stringContaining(xeno.nickname) },
  ]);
});
