import { expect, test } from 'vitest';
import {
  deliveriesSettled,
  jobWithKey,
  pushesTagged,
  rescheduleJob,
  shown,
  subscribeDevice,
} from '../../test/support/alert-fixtures.ts';
import type { PushMessage } from '../../test/support/push-request.ts';
import { sql } from '../../test/support/sql.ts';
import { swapHelpers } from '../../test/support/swaps.ts';
import { setUpTwoServersWithPush } from '../../test/support/two-servers-with-push.ts';

// Two app servers on one database, as in production: both run the job queue's workers.
const { push, first, second, album } = setUpTwoServersWithPush({ stickers: 40 });

const onFirst = swapHelpers(first, () => album);
const onSecond = swapHelpers(second, () => album);
const { propose, act, pair } = onFirst;

const byTitle = (endpoint: string, title: string) => (message: PushMessage) =>
  message.subscriptionEndpoint === endpoint && shown(message).title === title;

/** Days later: the swap's deadline is 20 hours away, and its reminder (job `expiring:<id>`) is due now. */
async function deadlineNear(swapId: number) {
  await sql(first.databaseUrl, "update swap set expires_at = now() + interval '20 hours' where id = $1", [
    swapId,
  ]);
  expect(await rescheduleJob(first.databaseUrl, `expiring:${swapId}`, 'now')).toBe(true);
}

test('two instances on one database push each of 30 proposals exactly once', async () => {
  // Six proposers (half of them on each server) and five recipients, one phone each: 30 proposals.
  const proposers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      (i % 2 === 0 ? onFirst : onSecond).collector({ yes: '3', double: '1, 2' }),
    ),
  );
  const recipients = await Promise.all(
    Array.from({ length: 5 }, () => onFirst.collector({ yes: '13', double: '11, 12' })),
  );
  const phones = await Promise.all(recipients.map((recipient) => subscribeDevice(push, recipient)));
  const rejected = push.rejections.length;

  const proposals = await Promise.all(
    proposers.flatMap((proposer, p) =>
      recipients.map(async (recipient, r) => {
        const on = p % 2 === 0 ? onFirst : onSecond;
        const proposed = await on.propose(proposer, recipient, ['1'], ['11']);
        expect(proposed.status).toBe(201);
        return { swapId: proposed.body.id, phone: phones[r] as string };
      }),
    ),
  );
  expect(proposals).toHaveLength(30);
  await Promise.all(
    proposals.map(({ swapId, phone }) =>
      push.waitForMessages(
        (message) => message.subscriptionEndpoint === phone && shown(message).tag === `swap-${swapId}`,
        1,
        20_000,
      ),
    ),
  );
  // Whatever either worker might still send would be in the queue: wait until it is empty, then count.
  await deliveriesSettled(first.databaseUrl);
  for (const { swapId, phone } of proposals) {
    expect(pushesTagged(push, phone, `swap-${swapId}`), `swap ${swapId}`).toHaveLength(1);
  }
  for (const phone of phones) expect(push.messagesFor(phone)).toHaveLength(6);
  expect(push.rejections.slice(rejected)).toEqual([]);
});

test('a proposal whose answer is due within 24 hours reminds both sides, once', async () => {
  const { anna, bruno } = await pair();
  const [annaPhone, brunoPhone] = [await subscribeDevice(push, anna), await subscribeDevice(push, bruno)];
  const proposed = await propose(anna, bruno, ['1'], ['11']);
  const swapId = proposed.body.id;
  // The reminder waits in the queue for a day before the deadline (7 days away, so 6 from now or so).
  const reminder = await jobWithKey(first.databaseUrl, `expiring:${swapId}`);
  expect(new Date(reminder?.run_at as Date).getTime()).toBeGreaterThan(Date.now() + 5 * 24 * 3600_000);

  await deadlineNear(swapId);
  const [toBruno] = await push.waitForMessages(byTitle(brunoPhone, 'Proposta in scadenza'));
  const [toAnna] = await push.waitForMessages(byTitle(annaPhone, 'Proposta in scadenza'));
  expect(shown(toBruno)).toMatchObject({
    body: `La proposta di ${anna.nickname} scade entro 24 ore: rispondi prima che scada`,
    url: `/scambi?scambio=${swapId}`,
    tag: `swap-${swapId}`,
  });
  expect(shown(toAnna).body).toBe(
    `${bruno.nickname} non ha ancora risposto alla tua proposta: scade entro 24 ore`,
  );
  // A phone that is off keeps it no longer than the deadline.
  expect(toBruno?.ttl).toBeLessThanOrEqual(20 * 3600);
  await deliveriesSettled(first.databaseUrl);
  expect(push.messagesFor(brunoPhone).filter(byTitle(brunoPhone, 'Proposta in scadenza'))).toHaveLength(1);
  expect(push.messagesFor(annaPhone).filter(byTitle(annaPhone, 'Proposta in scadenza'))).toHaveLength(1);
});

test('an accepted swap near its deadline reminds only whoever has not confirmed yet', async () => {
  const { anna, bruno } = await pair();
  const [annaPhone, brunoPhone] = [await subscribeDevice(push, anna), await subscribeDevice(push, bruno)];
  const swapId = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  expect((await act(bruno, swapId, 'accept')).status).toBe(200);
  // Accepting moved the deadline to 14 days for the confirmations, and the reminder with it.
  const reminder = await jobWithKey(first.databaseUrl, `expiring:${swapId}`);
  expect(new Date(reminder?.run_at as Date).getTime()).toBeGreaterThan(Date.now() + 12 * 24 * 3600_000);
  expect((await act(anna, swapId, 'confirm')).status).toBe(200);
  await deadlineNear(swapId);
  const [reminded] = await push.waitForMessages(byTitle(brunoPhone, 'Scambio in scadenza'));
  expect(shown(reminded).body).toBe(`Conferma lo scambio con ${anna.nickname} entro 24 ore, o annullalo`);
  await deliveriesSettled(first.databaseUrl);
  expect(push.messagesFor(annaPhone).filter(byTitle(annaPhone, 'Scambio in scadenza'))).toEqual([]);
});

test('a proposal already declined or withdrawn reminds nobody when its reminder comes due', async () => {
  const { anna, bruno } = await pair();
  const phones = [await subscribeDevice(push, anna), await subscribeDevice(push, bruno)];
  const declined = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const withdrawn = (await propose(anna, bruno, ['2'], ['12'])).body.id;
  expect((await act(bruno, declined, 'decline')).status).toBe(200);
  expect((await act(anna, withdrawn, 'cancel')).status).toBe(200);

  for (const swapId of [declined, withdrawn]) await deadlineNear(swapId);
  // Both reminders ran (their jobs are gone) and queued nothing.
  const deadline = Date.now() + 10_000;
  while (
    (await jobWithKey(first.databaseUrl, `expiring:${declined}`)) ||
    (await jobWithKey(first.databaseUrl, `expiring:${withdrawn}`))
  ) {
    if (Date.now() > deadline) throw new Error('the reminders did not run');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await deliveriesSettled(first.databaseUrl);
  const reminders = phones.flatMap((phone) =>
    push.messagesFor(phone).filter((message) => shown(message).title.endsWith('in scadenza')),
  );
  expect(reminders).toEqual([]);
  // What they were told is the answer and the withdrawal, nothing else.
  expect(push.messagesFor(phones[0] as string).map((message) => shown(message).title)).toEqual([
    'Proposta rifiutata',
  ]);
});
