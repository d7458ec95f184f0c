import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import type { PushMessage } from '../../test/support/push-request.ts';
import { startPushService, type TestPushService } from '../../test/support/push-service.ts';
import { sql } from '../../test/support/sql.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let push: TestPushService;
let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  push = await startPushService();
  server = await startTestServer({ env: { PUSH_ENDPOINT_HOSTS: `http://${push.host}` } });
  album = await createAlbum(server.databaseUrl, { stickers: 40 });
  const key = await fetch(`${server.url}/api/push/public-key`).then((response) => response.json());
  push.expectVapidPublicKey(key.publicKey);
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

const { propose, act, pair } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);

/** What the service worker shows of a push. */
type Shown = { title: string; body: string; url: string; tag: string; badge: number };
const shown = (message: PushMessage | undefined) => message?.json as Shown;

/** A device of `user` subscribed to their alerts. */
async function subscribe(user: SwapCollector) {
  const subscription = push.newSubscription();
  const response = await user.api.post('/api/user/push-subscriptions', subscription);
  expect(response.status).toBe(200);
  return subscription.endpoint;
}

test('GET /api/push/public-key gives the VAPID public key, the same to anyone', async () => {
  const response = await fetch(`${server.url}/api/push/public-key`);
  expect(response.status).toBe(200);
  const { publicKey } = await response.json();
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
});

test('a proposal reaches the other collector as a push: VAPID-signed, encrypted, with its screen and tag', async () => {
  const { anna, bruno } = await pair();
  const endpoint = await subscribe(bruno);
  const rejected = push.rejections.length;
  const proposed = await propose(anna, bruno, ['1'], ['11']);
  expect(proposed.status).toBe(201);
  const [message] = await push.waitForMessages(endpoint);
  expect(message?.json).toEqual({
    title: 'Nuova proposta di scambio',
    body: `${anna.nickname} ti propone 1 figurina per 1 figurina (${album.name})`,
    url: `/scambi?scambio=${proposed.body.id}`,
    tag: `swap-${proposed.body.id}`,
    badge: 1,
  });
  expect(message?.ttl).toBe(3 * 24 * 3600);
  expect(message?.urgency).toBe('normal');
  expect(message?.topic).toBe(`swap-${proposed.body.id}`);
  expect(message?.jwt.sub).toMatch(/^mailto:/);
  expect(push.rejections.slice(rejected)).toEqual([]);
});

test('every answer is told to the proposer, and a confirmation to the other side', async () => {
  const { anna, bruno } = await pair();
  const annaPhone = await subscribe(anna);
  const brunoPhone = await subscribe(bruno);
  const first = await propose(anna, bruno, ['1'], ['11']);
  await act(bruno, first.body.id, 'accept');
  const [accepted] = await push.waitForMessages(
    (message) => message.subscriptionEndpoint === annaPhone && shown(message).title === 'Proposta accettata',
  );
  expect(shown(accepted).body).toBe(`${bruno.nickname} ha accettato: ora scambiatevi le figurine`);
  await act(anna, first.body.id, 'confirm');
  const [confirm] = await push.waitForMessages(
    (message) => message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Conferma anche tu',
  );
  expect(shown(confirm).body).toBe(
    `${anna.nickname} ha ricevuto le figurine: conferma anche tu quando hai le tue`,
  );
  await act(bruno, first.body.id, 'confirm');
  await push.waitForMessages(
    (message) => message.subscriptionEndpoint === annaPhone && shown(message).title === 'Scambio completato',
  );

  const second = await propose(anna, bruno, ['2'], ['12']);
  await act(bruno, second.body.id, 'decline');
  await push.waitForMessages(
    (message) => message.subscriptionEndpoint === annaPhone && shown(message).title === 'Proposta rifiutata',
  );
  const third = await propose(anna, bruno, ['2'], ['12']);
  await act(anna, third.body.id, 'cancel');
  await push.waitForMessages(
    (message) => message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Proposta ritirata',
  );
});

test('a switched-off kind is not pushed; the others still are', async () => {
  const { anna, bruno } = await pair();
  const brunoPhone = await subscribe(bruno);
  const off = await bruno.api.put('/api/user/notifications', { proposal: { push: false, email: false } });
  expect(off.status).toBe(200);
  expect(off.body).toMatchObject({ settings: { proposal: { push: false }, answer: { push: true } } });
  const swap = await propose(anna, bruno, ['1'], ['11']);
  await act(anna, swap.body.id, 'cancel');
  // The withdrawal ('answer', still on) arrives; the proposal before it never did.
  const [withdrawn] = await push.waitForMessages(brunoPhone);
  expect(shown(withdrawn).title).toBe('Proposta ritirata');
  expect(push.messagesFor(brunoPhone)).toHaveLength(1);
});

test('a message is pushed only while its reader has no chat open, and a burst goes as one', async () => {
  const { anna, bruno } = await pair();
  const brunoPhone = await subscribe(bruno);
  const swap = await propose(anna, bruno, ['1'], ['11']);
  await push.waitForMessages(brunoPhone);
  const matchId = Number(
    (
      await sql<{ id: number }>(
        server.databaseUrl,
        'select id from match where $1 in (user_low_id, user_high_id)',
        [anna.id],
      )
    )[0]?.id,
  );
  for (const content of ['Ciao!', 'Quando ci vediamo?', 'In edicola domani?']) {
    expect((await anna.api.post(`/api/matches/${matchId}/messages`, { content })).status).toBe(200);
  }
  const [told] = await push.waitForMessages((message) => shown(message).tag === `chat-${matchId}`);
  expect(told?.json).toMatchObject({
    title: `${anna.nickname}: 3 nuovi messaggi`,
    body: 'In edicola domani?',
    url: `/chat/${matchId}`,
    badge: 1 + 3,
  });
  expect(swap.status).toBe(201);
});

test('an endpoint that is not a known push service is refused at subscription: no SSRF', async () => {
  const { anna } = await pair();
  const keys = push.newSubscription().keys;
  for (const endpoint of [
    'https://127.0.0.1/push',
    'http://169.254.169.254/latest/meta-data',
    'https://localhost:3000/api/admin',
    'https://internal.example.it/push',
    `https://${push.host}/push/x`.replace('https', 'gopher'),
  ]) {
    const response = await anna.api.post('/api/user/push-subscriptions', { endpoint, keys });
    expect(response.status, endpoint).toBe(400);
    expect(response.body).toEqual({ message: 'Servizio di notifiche non riconosciuto' });
  }
  const bad = await anna.api.post('/api/user/push-subscriptions', {
    endpoint: 'https://fcm.googleapis.com/fcm/send/x',
    keys: { p256dh: 'short', auth: keys.auth },
  });
  expect(bad.status).toBe(400);
  expect(bad.body).toEqual({ message: 'Iscrizione alle notifiche non valida' });
  const stored = await sql<{ n: number }>(
    server.databaseUrl,
    'select count(*)::int as n from push_subscription where user_id = $1',
    [anna.id],
  );
  expect(stored[0]?.n).toBe(0);
});

test('a 410 from the push service deletes that subscription; a 500 is retried until it goes through', async () => {
  const { anna, bruno } = await pair();
  const gone = await subscribe(bruno);
  const flaky = await subscribe(bruno);
  push.respondWith(gone, 410);
  push.respondWith(flaky, 500, 1);
  await propose(anna, bruno, ['1'], ['11']);
  await push.waitForMessages(flaky, 1, 20_000);
  expect(push.requestCount(flaky)).toBe(2);
  const left = await sql<{ endpoint: string }>(
    server.databaseUrl,
    'select endpoint from push_subscription where user_id = $1',
    [bruno.id],
  );
  expect(left.map((row) => row.endpoint)).toEqual([flaky]);
});

test('subscribing is idempotent per endpoint, and DELETE stops that device only', async () => {
  const { anna } = await pair();
  const subscription = push.newSubscription();
  for (let i = 0; i < 3; i += 1) {
    expect((await anna.api.post('/api/user/push-subscriptions', subscription)).status).toBe(200);
  }
  const other = await subscribe(anna);
  expect((await anna.api.get('/api/user/notifications')).body).toMatchObject({ pushDevices: 2 });
  const removed = await anna.api.request('DELETE', '/api/user/push-subscriptions', {
    json: { endpoint: subscription.endpoint },
  });
  expect(removed.status).toBe(200);
  const left = await sql<{ endpoint: string }>(
    server.databaseUrl,
    'select endpoint from push_subscription where user_id = $1',
    [anna.id],
  );
  expect(left.map((row) => row.endpoint)).toEqual([other]);
});

test('logging out ends that device’s alerts; a stranger cannot subscribe', async () => {
  const { anna } = await pair();
  await subscribe(anna);
  expect((await anna.api.post('/api/auth/logout')).status).toBe(200);
  const left = await sql<{ n: number }>(
    server.databaseUrl,
    'select count(*)::int as n from push_subscription where user_id = $1',
    [anna.id],
  );
  expect(left[0]?.n).toBe(0);
  const stranger = await fetch(`${server.url}/api/user/push-subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(push.newSubscription()),
  });
  expect(stranger.status).toBe(401);
});

test("'Non disturbare' and the daily summary through REST: each kind's digest, quietHours set, cleared and refused in Italian", async () => {
  const { anna } = await pair();
  const before = await anna.api.get<{ quietHours: unknown; settings: Record<string, { digest: boolean }> }>(
    '/api/user/notifications',
  );
  // This suite's accounts start without quiet hours (QUIET_HOURS_DEFAULT=none; 21:00-08:00 elsewhere).
  expect(before.body.quietHours).toBeNull();
  expect(Object.values(before.body.settings).every((channels) => channels.digest === false)).toBe(true);

  const set = await anna.api.put<{ quietHours: unknown; settings: Record<string, unknown> }>(
    '/api/user/notifications',
    { quietHours: { from: '22:30', to: '07:00' }, message: { email: true, digest: true } },
  );
  expect(set.status).toBe(200);
  expect(set.body.quietHours).toEqual({ from: '22:30', to: '07:00' });
  // The channel left out keeps what it had.
  expect(set.body.settings.message).toEqual({ push: true, email: true, digest: true });
  expect((await anna.api.get<{ quietHours: unknown }>('/api/user/notifications')).body.quietHours).toEqual({
    from: '22:30',
    to: '07:00',
  });
  const cases: [unknown, string][] = [
    [{ from: '25:00', to: '07:00' }, 'Orario non valido: scrivilo come 21:00'],
    [{ from: '22:00', to: '22:00' }, 'L’inizio e la fine del «Non disturbare» devono essere diversi'],
    [{ from: '22:00' }, 'Orario non valido: scrivilo come 21:00'],
    ['sempre', 'Indica «from» e «to», o null'],
  ];
  for (const [quietHours, message] of cases) {
    const refused = await anna.api.put<{ message: string }>('/api/user/notifications', { quietHours });
    expect(refused, JSON.stringify(quietHours)).toMatchObject({ status: 400, body: { message } });
  }
  const cleared = await anna.api.put<{ quietHours: unknown }>('/api/user/notifications', {
    quietHours: null,
  });
  expect(cleared.body.quietHours).toBeNull();
});
