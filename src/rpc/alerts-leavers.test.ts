import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  deliveriesSettled,
  jobWithKey,
  pushesTagged,
  rescheduleJob,
  shown,
  subscribeDevice,
} from '../../test/support/alert-fixtures.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { startPushService, type TestPushService } from '../../test/support/push-service.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';

// The push service starts first: the server is told its address.
const push: TestPushService = await startPushService();
afterAll(() => push.close());
const { server, admin } = setUpServerWithAdmin({ env: { PUSH_ENDPOINT_HOSTS: `http://${push.host}` } });
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 20 });
});
const { propose, act, pair } = swapHelpers(server, () => album);

const LEFT = "L'altro collezionista non usa più l'app: lo scambio è annullato";

/** The pair's chat, which a proposal opened. */
async function matchOf(anna: SwapCollector, bruno: SwapCollector) {
  const [row] = await sql<{ id: number }>(
    server.databaseUrl,
    'select id from match where user_low_id = least($1::int, $2::int) and user_high_id = greatest($1::int, $2::int)',
    [anna.id, bruno.id],
  );
  return row?.id as number;
}

/**
 * What is on its way to Anna's phone when she leaves: a message's alert still gathering, and a push that
 * the push service refused once and that waits for its retry. Both are held back until `release()`.
 */
async function pendingForAnna(anna: SwapCollector, bruno: SwapCollector, annaPhone: string) {
  const matchId = await matchOf(anna, bruno);
  const requestsBefore = push.requestCount(annaPhone);
  const say = (content: string) => bruno.api.post(`/api/matches/${matchId}/messages`, { content });
  push.respondWith(annaPhone, 500, 1);
  expect((await say('Ci vediamo sabato?')).status).toBe(200);
  const deadline = Date.now() + 10_000;
  let retry: string | undefined;
  while (!retry) {
    if (Date.now() > deadline) throw new Error('the refused push is not waiting for its retry');
    const [row] = await sql<{ key: string }>(
      server.databaseUrl,
      `select key from graphile_worker.jobs
        where task_identifier = 'push_send' and key like $1 and attempts = 1 and locked_at is null`,
      [`push:%:${anna.id}:%`],
    );
    retry = row?.key;
    if (!retry) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const later = new Date(Date.now() + 3600_000);
  expect(await rescheduleJob(server.databaseUrl, retry, later)).toBe(true);
  expect((await say('Porto le doppie')).status).toBe(200);
  const gathering = `message:${anna.id}:${matchId}`;
  expect(await rescheduleJob(server.databaseUrl, gathering, later)).toBe(true);
  expect(push.requestCount(annaPhone)).toBe(requestsBefore + 1);
  return {
    /** Lets both go, waits until they ran, and says whether anything more was posted to Anna's phone. */
    release: async () => {
      for (const key of [retry as string, gathering]) {
        if (await jobWithKey(server.databaseUrl, key)) await rescheduleJob(server.databaseUrl, key, 'now');
      }
      await deliveriesSettled(server.databaseUrl);
      return push.requestCount(annaPhone) - (requestsBefore + 1);
    },
  };
}

test('deactivated by an admin: the partner hears the swap is off; the collector gets no push any more', async () => {
  const { anna, bruno } = await pair();
  const [annaPhone, brunoPhone] = [await subscribeDevice(push, anna), await subscribeDevice(push, bruno)];
  const swapId = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  // Bruno accepts once his phone has shown the proposal, as he would: a proposal already answered when its
  // alert job runs is not pushed at all (alert-content.ts), and on a loaded machine the job can run late.
  await push.waitForMessages(
    (message) =>
      message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Nuova proposta di scambio',
  );
  expect((await act(bruno, swapId, 'accept')).status).toBe(200);
  await deliveriesSettled(server.databaseUrl);
  const pending = await pendingForAnna(anna, bruno, annaPhone);

  const off = await admin.patch(`/api/admin/users/${anna.id}/toggle-status`, { is_active: false });
  expect(off.status).toBe(200);
  const [told] = await push.waitForMessages(
    (message) => message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Scambio annullato',
  );
  expect(shown(told)).toMatchObject({ body: LEFT, tag: `swap-${swapId}`, url: `/scambi?scambio=${swapId}` });

  expect(await pending.release()).toBe(0);
  expect(push.messagesFor(annaPhone).map((message) => shown(message).title)).toEqual(['Proposta accettata']);
  expect(pushesTagged(push, brunoPhone, `swap-${swapId}`).map((message) => shown(message).title)).toEqual([
    'Nuova proposta di scambio',
    'Scambio annullato',
  ]);
});

test('an account deleted by its collector: the partner hears the swap is off; no push reaches the account', async () => {
  const { anna, bruno } = await pair();
  const [annaPhone, brunoPhone] = [await subscribeDevice(push, anna), await subscribeDevice(push, bruno)];
  const swapId = (await propose(bruno, anna, ['11'], ['1'])).body.id;
  await push.waitForMessages(annaPhone);
  const pending = await pendingForAnna(anna, bruno, annaPhone);

  expect((await anna.api.delete('/api/user', { password: anna.password })).status).toBe(200);
  const [told] = await push.waitForMessages(
    (message) => message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Scambio annullato',
  );
  expect(shown(told)).toMatchObject({ body: LEFT, tag: `swap-${swapId}` });

  expect(await pending.release()).toBe(0);
  expect(push.messagesFor(annaPhone).map((message) => shown(message).title)).toEqual([
    'Nuova proposta di scambio',
  ]);
});
