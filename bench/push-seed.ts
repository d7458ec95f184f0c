/**
 * The collectors of `npm run bench:push`. Accounts and sessions are written in SQL (registering through the
 * API is throttled and hashes passwords), the cookies sealed with the server's secret as in bench:taps;
 * what a proposal depends on goes through the API: the marks (fast entry) and the recipients' devices
 * (POST /api/user/push-subscriptions, the call a browser makes). The many devices of the bulk phase are
 * rows written at once.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { sealSessionCookie } from '../src/server/auth/session-cookie.ts';
import { SESSION_TTL_SECONDS } from '../src/server/auth/sessions.ts';
import type { PushSubscriptionJson } from '../test/support/push-service.ts';

/** Stickers 1…SLOTS are the proposers' doubles, 11…10+SLOTS the recipients': one proposal per slot. */
export const SLOTS = 3;
const STICKERS = 20;
const REQUESTS_IN_FLIGHT = 16;

export type BenchCollector = { id: number; sessionId: string; cookie: string };
/** A proposer and the collector they propose to, who has `devices` subscribed devices. */
export type BenchPair = { from: BenchCollector; to: BenchCollector; devices: number };

export async function seedAlbum(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into album (name, year, position, next_slot, slot_capacity, created_at)
     values ('Bench avvisi', 2026, 0, $1, 256, now()) returning id`,
    [STICKERS],
  );
  const albumId = rows[0]?.id as number;
  await db.query(
    `insert into sticker (album_id, number, name, slot)
     select $1, g::text, 'Figurina ' || g, g - 1 from generate_series(1, $2) g`,
    [albumId, STICKERS],
  );
  return albumId;
}

/** `count` collectors in central Milan (nicknames `prefix`1…), each logged in on one session. */
export async function seedCollectors(
  db: pg.Client,
  secret: string,
  prefix: string,
  count: number,
): Promise<BenchCollector[]> {
  const { rows: users } = await db.query<{ id: number }>(
    `insert into app_user (nickname, password_hash, cap, latitude, longitude, raggio_km, trial_ends_at, created_at, last_login_at)
     select $1 || g, 'x', '20121', 45.4668, 9.1905, 10, now(), now(), now() from generate_series(1, $2) g
     returning id`,
    [prefix, count],
  );
  const sessionIds = users.map(() => crypto.randomBytes(32).toString('base64url'));
  await db.query(
    `insert into user_session (id, user_id, created_at, expires_at)
     select s, u, now(), now() + make_interval(secs => $3) from unnest($1::text[], $2::int[]) as t(s, u)`,
    [sessionIds, users.map((user) => user.id), SESSION_TTL_SECONDS],
  );
  return Promise.all(
    users.map(async ({ id }, i) => {
      const sessionId = sessionIds[i] as string;
      return { id, sessionId, cookie: `sf_session=${await sealSessionCookie(secret, sessionId, id)}` };
    }),
  );
}

async function call(url: string, cookie: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

/** Runs `work` on every item, `limit` at a time. */
export async function inFlight<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * `count` pairs with a match between them (so the proposals skip the search's rule), each with spares the
 * other lacks, the recipient with one or two subscribed devices (from `subscribe`, the push service's).
 */
export async function seedPairs(
  db: pg.Client,
  server: { url: string; secret: string; albumId: number },
  count: number,
  subscribe: (count: number) => Promise<PushSubscriptionJson[]>,
): Promise<BenchPair[]> {
  const proposers = await seedCollectors(db, server.secret, 'PA', count);
  const recipients = await seedCollectors(db, server.secret, 'PB', count);
  await db.query(
    `insert into match (user_low_id, user_high_id, created_at)
     select least(a, b), greatest(a, b), now() from unnest($1::int[], $2::int[]) as t(a, b)`,
    [proposers.map((user) => user.id), recipients.map((user) => user.id)],
  );
  const pairs = proposers.map((from, i) => ({
    from,
    to: recipients[i] as BenchCollector,
    devices: 1 + (i % 2),
  }));
  const devices = await subscribe(pairs.reduce((sum, pair) => sum + pair.devices, 0));
  const bulk = `${server.url}/api/user/stickers/bulk`;
  const tasks = pairs.flatMap((pair) => [
    () => call(bulk, pair.from.cookie, { albumId: server.albumId, numbers: `1-${SLOTS}`, status: 'double' }),
    () =>
      call(bulk, pair.to.cookie, { albumId: server.albumId, numbers: `11-${10 + SLOTS}`, status: 'double' }),
    ...Array.from({ length: pair.devices }, () => {
      const device = devices.pop() as PushSubscriptionJson;
      return () => call(`${server.url}/api/user/push-subscriptions`, pair.to.cookie, device);
    }),
  ]);
  await inFlight(tasks, REQUESTS_IN_FLIGHT, (task) => task());
  return pairs;
}

/** Collectors with `perUser` devices each, `subscriptions.length` in all, written straight as rows. */
export async function seedDevices(
  db: pg.Client,
  secret: string,
  subscriptions: PushSubscriptionJson[],
  perUser: number,
) {
  const owners = await seedCollectors(db, secret, 'PC', Math.ceil(subscriptions.length / perUser));
  const ownerOf = (i: number) => owners[Math.floor(i / perUser)] as BenchCollector;
  await db.query(
    `insert into push_subscription (user_id, session_id, endpoint, p256dh, auth)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      subscriptions.map((_, i) => ownerOf(i).id),
      subscriptions.map((_, i) => ownerOf(i).sessionId),
      subscriptions.map((one) => one.endpoint),
      subscriptions.map((one) => one.keys.p256dh),
      subscriptions.map((one) => one.keys.auth),
    ],
  );
  return owners;
}
