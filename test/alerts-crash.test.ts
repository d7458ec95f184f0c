import { afterAll, beforeAll, expect, test } from 'vitest';
import { JOB_CONCURRENCY } from '../src/server/jobs/job-queue.ts';
import { deliveriesSettled, pushesTagged, shown, subscribeDevice } from './support/alert-fixtures.ts';
import { isAlive, setUpCrashableApp, until } from './support/crashable-app.ts';
import { startPushService, type TestPushService } from './support/push-service.ts';
import { sql } from './support/sql.ts';
import { swapHelpers } from './support/swaps.ts';

let push: TestPushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push?.close());
const running = setUpCrashableApp({
  stickers: 20,
  env: () => ({ PUSH_ENDPOINT_HOSTS: `http://${push.host}` }),
});

const countJobs = async (where: string) =>
  (
    await sql<{ count: number }>(
      running.databaseUrl,
      `select count(*)::int as count from graphile_worker.jobs where ${where}`,
    )
  )[0]?.count;

test('SIGKILL between commit and send loses no push: one in flight is sent again, one not begun is sent once', async () => {
  let app = await running.start();
  const { collector, propose } = swapHelpers({ url: app.url }, () => running.album);
  const { publicKey } = await fetch(`${app.url}/api/push/public-key`).then((response) => response.json());
  push.expectVapidPublicKey(publicKey);
  const anna = await collector({ yes: '3', double: '1, 2' });
  // As many recipients as the app runs jobs at once: their pushes, held by the push service, keep every
  // worker busy, so the next proposal's alert waits in the queue when the app dies.
  const inFlight = await Promise.all(
    Array.from({ length: JOB_CONCURRENCY }, () => collector({ yes: '13', double: '11, 12' })),
  );
  const carla = await collector({ yes: '13', double: '11, 12' });
  const phones = await Promise.all(inFlight.map((recipient) => subscribeDevice(push, recipient)));
  const carlaPhone = await subscribeDevice(push, carla);
  for (const phone of phones) push.hold(phone);

  const heldSwaps: number[] = [];
  for (const recipient of inFlight) {
    const proposed = await propose(anna, recipient, ['1'], ['11']);
    expect(proposed.status).toBe(201);
    heldSwaps.push(proposed.body.id);
  }
  await until(
    () => phones.every((phone) => push.requestCount(phone) === 1),
    'the pushes reached the service',
  );
  expect(await countJobs("task_identifier = 'push_send' and locked_at is not null")).toBe(JOB_CONCURRENCY);

  const carlaSwap = await propose(anna, carla, ['2'], ['12']);
  expect(carlaSwap.status).toBe(201);
  // Committed with its proposal, not yet taken by any worker.
  expect(await countJobs("task_identifier = 'alert' and run_at <= now() and locked_at is null")).toBe(1);
  expect(push.requestCount(carlaPhone)).toBe(0);

  const killedAt = performance.now();
  process.kill(app.pid, 'SIGKILL');
  const killed = app.pid;
  await until(() => !isAlive(killed), 'the app died');
  // The answers the app was waiting for now go to closed sockets; later requests are answered at once.
  push.release();

  app = await running.start();
  const restartedMs = performance.now() - killedAt;
  await push.waitForMessages(carlaPhone, 1, 30_000);
  const notBegunMs = performance.now() - killedAt;
  await Promise.all(phones.map((phone) => push.waitForMessages(phone, 2, 60_000)));
  const inFlightMs = performance.now() - killedAt;
  console.log(
    `alerts after SIGKILL: app ready again ${Math.round(restartedMs)} ms after the kill; ` +
      `a push not begun arrived after ${Math.round(notBegunMs)} ms; ` +
      `${JOB_CONCURRENCY} pushes in flight arrived again after ${Math.round(inFlightMs)} ms`,
  );

  await deliveriesSettled(running.databaseUrl, 30_000);
  // The ones in flight: the request the service got before the kill, and the retry; the other, once.
  phones.forEach((phone, i) => {
    const tagged = pushesTagged(push, phone, `swap-${heldSwaps[i]}`);
    expect(tagged.map((message) => shown(message).title)).toEqual([
      'Nuova proposta di scambio',
      'Nuova proposta di scambio',
    ]);
    expect(push.messagesFor(phone)).toHaveLength(2);
  });
  expect(push.messagesFor(carlaPhone).map(shown)).toMatchObject([
    { title: 'Nuova proposta di scambio', tag: `swap-${carlaSwap.body.id}` },
  ]);
  expect(push.rejections).toEqual([]);
}, 120_000);
