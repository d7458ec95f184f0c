/**
 * The attendees of bench/raduno.ts's meets, written straight to the database: accounts, their collections of
 * one album as the collection bitmaps mark_stickers would leave (every bitmap `slot_capacity` bits long, bit
 * `slot` of `owned` set for an owned sticker and of `doubles` for a double, nothing reserved: the trigger
 * fills `reserved`), the album chosen for matches as a first mark chooses it, and session cookies sealed as
 * a login seals them. bench/raduno.ts checks the bitmaps against a collector marked through fast entry.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import type { CodeState } from '../src/client/features/collection/in-person/album-code.ts';
import { SESSION_COOKIE, sealSessionCookie } from '../src/server/auth/session-cookie.ts';
import { seededRandom } from '../src/server/seeded-random.ts';

/** The album as the database has it: sticker numbers and slots in slot order, and the bitmaps' length. */
export type BenchAlbum = { id: number; capacity: number; numbers: string[]; slots: number[] };
/** What an attendee's album says of each sticker, in `BenchAlbum.numbers`' order: 0 missing, 1 owned, 2 a double. */
export type States = Uint8Array;
export type Attendee = { id: number; nickname: string; states: States };

/** Each collector owns OWNED of the album and has a double of DOUBLES of it (shares, drawn per collector). */
export const OWNED = { min: 0.4, max: 0.7 };
export const DOUBLES = { min: 0.1, max: 0.25 };
/** Some stickers are scarce and some common: each sticker's chances are scaled by a factor in this range. */
const RARITY = { min: 0.7, max: 1.3 };

const between = (random: () => number, range: { min: number; max: number }) =>
  range.min + (range.max - range.min) * random();

/** A generator of collections of `album`: the stickers' scarcity fixed by `seed`, then one collector a call. */
export function collections(album: BenchAlbum, seed: number) {
  const random = seededRandom(seed);
  const rarity = album.numbers.map(() => between(random, RARITY));
  return (): States => {
    const owned = between(random, OWNED);
    const doubles = between(random, DOUBLES);
    return Uint8Array.from(rarity, (factor) => {
      const draw = random();
      if (draw < doubles * factor) return 2;
      return draw < Math.min(0.98, owned * factor) ? 1 : 0;
    });
  };
}

/** The `owned` and `doubles` bit strings (PostgreSQL's text form, bit 0 first) of a collection. */
export function bitmapsOf(album: BenchAlbum, states: States) {
  const owned = new Uint8Array(album.capacity).fill(48);
  const doubles = new Uint8Array(album.capacity).fill(48);
  states.forEach((state, i) => {
    const slot = album.slots[i] as number;
    if (state > 0) owned[slot] = 49;
    if (state === 2) doubles[slot] = 49;
  });
  const text = new TextDecoder();
  return { owned: text.decode(owned), doubles: text.decode(doubles) };
}

/** `states` as the phone's map of sticker numbers (rank-pool.ts's `myState`), as entries. */
export const stateEntries = (album: BenchAlbum, states: States) =>
  Array.from(states, (state, i) => [album.numbers[i] as string, state as CodeState] as const);

/** Unique nicknames of 5 to 8 characters (A–Z, 0–9), as collectors pick them. */
function nicknames(count: number, random: () => number) {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const made = new Set<string>();
  while (made.size < count) {
    const length = 5 + Math.floor(random() * 4);
    let nickname = letters[Math.floor(random() * 26)] as string;
    while (nickname.length < length) nickname += letters[Math.floor(random() * letters.length)];
    made.add(nickname);
  }
  return [...made];
}

/**
 * `count` adult collectors living at `place`, each with a collection of `album` drawn by `next`, in batches
 * of one statement each (`insert … select … unnest`). Answers them in the order made.
 */
export async function seedAttendees(
  db: pg.Client,
  album: BenchAlbum,
  options: {
    count: number;
    next: () => States;
    seed: number;
    place: { lat: number; lon: number; cap: string };
  },
): Promise<Attendee[]> {
  const { count, next, place } = options;
  const names = nicknames(count, seededRandom(options.seed));
  const attendees: Attendee[] = [];
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const batch = names.slice(start, start + BATCH).map((nickname) => ({ nickname, states: next() }));
    const bitmaps = batch.map((one) => bitmapsOf(album, one.states));
    const { rows } = await db.query<{ id: number; nickname: string }>(
      `with u as (
         insert into app_user (nickname, password_hash, cap, latitude, longitude, raggio_km, trial_ends_at,
                               created_at, album_selezionato, birth_year, birth_month)
         select n, 'x', $2, $3, $4, 10, now() + interval '30 days', now(), $5, 1985, 6
           from unnest($1::text[]) as t(n)
         returning id, nickname
       ), c as (
         insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
         select u.id, $5, o::varbit, d::varbit, $3, $4, true
           from unnest($1::text[], $6::text[], $7::text[]) as t(n, o, d) join u on u.nickname = t.n
       )
       select id, nickname from u`,
      [
        batch.map((one) => one.nickname),
        place.cap,
        place.lat,
        place.lon,
        album.id,
        bitmaps.map((one) => one.owned),
        bitmaps.map((one) => one.doubles),
      ],
    );
    const ids = new Map(rows.map((row) => [row.nickname, row.id]));
    for (const one of batch) attendees.push({ id: ids.get(one.nickname) as number, ...one });
  }
  return attendees;
}

/** 'Ci vado' with sharing on (an adult's default) and a table, as POST /api/raduni/{id}/partecipa writes it. */
export async function seedParticipants(db: pg.Client, radunoId: number, attendees: Attendee[]) {
  await db.query(
    `insert into raduno_participant (raduno_id, user_id, shares, table_label)
     select $1, u, true, ((ordinality - 1) % 500 + 1)::text from unnest($2::int[]) with ordinality as t(u, ordinality)`,
    [radunoId, attendees.map((attendee) => attendee.id)],
  );
}

/**
 * Logged in without the login form (test/support/session-cookies.ts, for the bench server's secret): a
 * session row per user and the sealed cookie (`name=value`) that points to it.
 */
export async function sessionCookies(db: pg.Client, secret: string, userIds: number[]) {
  const sessionIds = userIds.map(() => crypto.randomBytes(32).toString('base64url'));
  await db.query(
    `insert into user_session (id, user_id, created_at, expires_at, last_used_at, device)
     select s, u, now(), now() + interval '30 days', now(), 'Bench' from unnest($1::text[], $2::int[]) as t(s, u)`,
    [sessionIds, userIds],
  );
  return Promise.all(
    userIds.map(
      async (userId, i) =>
        `${SESSION_COOKIE}=${await sealSessionCookie(secret, sessionIds[i] as string, userId)}`,
    ),
  );
}
