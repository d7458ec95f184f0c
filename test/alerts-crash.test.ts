import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { JOB_CONCURRENCY } from '../src/server/jobs/job-queue.ts';
import { deliveriesSettled, pushesTagged, shown, subscribeDevice } from './support/alert-fixtures.ts';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { createAlbum, type TestAlbum } from './support/catalogue.ts';
import { createTestDatabase } from './support/database.ts';
import { startPushService, type TestPushService } from './support/push-service.ts';
import { sql } from './support/sql.ts';
import { swapHelpers } from './support/swaps.ts';
import { TEST_ADMIN } from './support/test-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
let push: TestPushService;
let databaseUrl: string;
let dataDir: string;
let album: TestAlbum;
let app: AppProcess | undefined;
beforeAll(async () => {
  push = await startPushService();
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  album = await createAlbum(databaseUrl, { stickers: 20 });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-alerts-crash-'));
});
afterAll(async () => {
  await app?.stop();
  await push?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The app as production runs it, on the test's database; a restart keeps its data dir (its VAPID keys). */
const startApp = () =>
  startAppProcess(root, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'an-alerts-crash-test-secret-of-32-chars',
    ADMIN_NICKNAME: TEST_ADMIN.nickname,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    REGISTRATION_LIMIT_PER_HOUR: '0',
    CLIENT_DIR: inject('clientDir'),
    PUSH_ENDPOINT_HOSTS: `http://${push.host}`,
  });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits, bounded, for `condition`; fails saying `what` did not happen. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const countJobs = async (where: string) =>
  (
    await sql<{ count: number }>(
      databaseUrl,
      `select count(*)::int as count from graphile_worker.jobs where ${where}`,
    )
  )[0]?.count;

test('SIGKILL between commit and send loses no push: one in flight is sent again, one not begun is sent once', async () => {
  app = await startApp();
  const { collector, propose } = swapHelpers({ url: app.url }, () => album);
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
  await until(() => !isAlive(app?.pid as number), 'the app died');
  // The answers the app was waiting for now go to closed sockets; later requests are answered at once.
  push.release();

  app = await startApp();
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

  await deliveriesSettled(databaseUrl, 30_000);
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
