import type { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_ALBUMS } from '../albums/demo-catalogue.ts';
import { OPERATOR_BIRTH } from '../auth/age-band.ts';
import { comuniWithin, findComune } from '../geo/comuni-directory.ts';
import { seededRandom } from '../seeded-random.ts';

// Demo collectors (SEED_DEMO, docs/decisions/028): about 200 invented collectors around three cities,
// so a newcomer's first match search finds someone to swap with. Everything comes from one seeded PRNG:
// the same people, places and albums on every fresh database, and stable tests.
/** Milano, Roma, Napoli (ISTAT codes). */
const CITIES = ['015146', '058091', '063049'] as const;
export const DEMO_COLLECTOR_COUNT = 200;
const SPREAD_KM = 30;
/** No password hashes to this: login treats demo accounts as unknown ones (decision 028). */
const UNUSABLE_PASSWORD_HASH = '!demo';

const CHATS = [
  [
    'Ciao! Ho visto che hai il 15 doppio, a me manca. Ti interessa il 230?',
    'Certo, il 230 mi serve! Facciamo scambio.',
    'Perfetto, ci vediamo sabato in piazza?',
  ],
  [
    'Ciao, ti mancano ancora tante figurine degli Speciali?',
    'Sì, quasi tutte. Tu hai doppioni?',
    'Un paio, te le porto domani.',
  ],
  ['Buongiorno! Hai ancora lo scudetto delle Aquile?', 'Sì, è tuo se mi dai il 101.', 'Affare fatto!'],
];

type AlbumSlots = { id: number; capacity: number; slots: number[] };
type CollectionRow = { nickname: string; album_id: number; owned: string; doubles: string };
type SpareRow = { nickname: string; album_id: number; slot: number; spares: number };

function collectionOf(
  random: () => number,
  nickname: string,
  album: AlbumSlots,
): { row: CollectionRow; spares: SpareRow[] } {
  const share = 0.3 + random() * 0.6;
  const owned = new Array<string>(album.capacity).fill('0');
  const doubles = new Array<string>(album.capacity).fill('0');
  const spares: SpareRow[] = [];
  for (const slot of album.slots) {
    if (random() >= share) continue;
    owned[slot] = '1';
    if (random() >= 0.12) continue;
    doubles[slot] = '1';
    const extra = random();
    if (extra < 0.2) spares.push({ nickname, album_id: album.id, slot, spares: extra < 0.05 ? 3 : 2 });
  }
  return { row: { nickname, album_id: album.id, owned: owned.join(''), doubles: doubles.join('') }, spares };
}

/** The demo collectors, their collections and spares: a pure function of the albums. */
export function demoCollectors(albums: readonly AlbumSlots[]) {
  const random = seededRandom(2026);
  const [first, ...others] = albums;
  if (!first) return { users: [], collections: [], spares: [] };
  const places = CITIES.map((city) => {
    const centre = findComune(city);
    if (!centre) throw new Error(`Missing comune ${city}`);
    const around = comuniWithin(centre, SPREAD_KM);
    return { seat: around.find((c) => c.code === city) ?? { ...centre, caps: [] }, around };
  });
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const users = [];
  const collections: CollectionRow[] = [];
  const spares: SpareRow[] = [];
  for (let i = 0; i < DEMO_COLLECTOR_COUNT; i += 1) {
    const { seat, around } = places[i % places.length] as (typeof places)[number];
    const comune = random() < 0.45 ? seat : pick(around);
    const cap = pick(comune.caps);
    const nickname = `DEMO${String(i + 1).padStart(3, '0')}`;
    const daysAgo = Math.floor(random() * 120);
    users.push({
      nickname,
      cap,
      comune: comune.code,
      latitude: comune.lat,
      longitude: comune.lon,
      raggio_km: pick([10, 15, 20, 30]),
      album_selezionato: first.id,
      created_at: new Date(Date.UTC(2026, 10, 1) - daysAgo * 86_400_000).toISOString(),
    });
    for (const album of [first, ...others.filter(() => random() < 0.3)]) {
      const { row, spares: own } = collectionOf(random, nickname, album);
      collections.push(row);
      spares.push(...own);
    }
  }
  return { users, collections, spares };
}

async function readAlbumSlots(em: EntityManager): Promise<AlbumSlots[]> {
  const albums: AlbumSlots[] = [];
  for (const demo of DEMO_ALBUMS) {
    const [album] = await em.execute<{ id: number; capacity: number }[]>(
      'select id, slot_capacity as capacity from album where name = ? order by id limit 1',
      [demo.name],
    );
    if (!album) continue;
    const stickers = await em.execute<{ slot: number }[]>(
      'select slot from sticker where album_id = ? order by position',
      [album.id],
    );
    albums.push({ ...album, slots: stickers.map((sticker) => sticker.slot) });
  }
  return albums;
}

async function insertChats(tx: EntityManager, nicknames: readonly string[]) {
  for (const [index, messages] of CHATS.entries()) {
    // Two neighbours of one city: collectors i and i + 3 are in the same one.
    const pair = [nicknames[index], nicknames[index + CITIES.length]];
    const [match] = await tx.execute<{ id: number; low: number; high: number }[]>(
      `insert into match (user_low_id, user_high_id, created_at)
       select min(id), max(id), now() - interval '2 days' from app_user where is_demo and nickname = any(string_to_array(?, ','))
       returning id, user_low_id as low, user_high_id as high`,
      [pair.join(',')],
    );
    if (!match) continue;
    const rows = messages.map((content, at) => ({
      match_id: match.id,
      sender_id: at % 2 === 0 ? match.low : match.high,
      content,
      minutes_ago: (messages.length - at) * 17,
    }));
    await tx.execute(
      `insert into message (match_id, sender_id, content, created_at)
       select r.match_id, r.sender_id, r.content, now() - make_interval(mins => r.minutes_ago)
         from json_to_recordset(?::json) as r(match_id int, sender_id int, content text, minutes_ago int)`,
      [JSON.stringify(rows)],
    );
  }
}

/**
 * Once per database (app_settings.demo_collectors_seeded_at), and only on a fresh one (no collector yet):
 * adds the demo collectors with their collections, spares and a few chats, in one transaction and a
 * handful of set-wise statements. Not again after `npm run demo:remove`.
 */
export async function seedDemoCollectors(em: EntityManager, print: (line: string) => void): Promise<void> {
  const started = performance.now();
  const added = await em.transactional(async (tx) => {
    const [settings] = await tx.execute<{ seeded: Date | null }[]>(
      'select demo_collectors_seeded_at as seeded from app_settings where id = 1 for update',
    );
    if (!settings || settings.seeded) return 0;
    await tx.execute('update app_settings set demo_collectors_seeded_at = now() where id = 1');
    const [existing] = await tx.execute<{ any: boolean }[]>(
      'select exists (select 1 from app_user where not is_admin) as any',
    );
    if (existing?.any) return 0;
    const { users, collections, spares } = demoCollectors(await readAlbumSlots(tx));
    if (users.length === 0) return 0;
    await tx.execute(
      `insert into app_user (nickname, password_hash, cap, comune, latitude, longitude, raggio_km,
                             album_selezionato, trial_ends_at, created_at, is_demo, birth_year, birth_month)
       select r.nickname, ?, r.cap, r.comune, r.latitude, r.longitude, r.raggio_km, r.album_selezionato,
              r.created_at, r.created_at, true, ?, ?
         from json_to_recordset(?::json) as r(nickname text, cap text, comune text, latitude float8,
              longitude float8, raggio_km int, album_selezionato int, created_at timestamptz)`,
      [UNUSABLE_PASSWORD_HASH, OPERATOR_BIRTH.birthYear, OPERATOR_BIRTH.birthMonth, JSON.stringify(users)],
    );
    await tx.execute(
      `insert into collection (user_id, album_id, owned, doubles, reserved, latitude, longitude, active)
       select u.id, r.album_id, r.owned::varbit, r.doubles::varbit, repeat('0', length(r.owned))::varbit,
              u.latitude, u.longitude, u.is_active
         from json_to_recordset(?::json) as r(nickname text, album_id int, owned text, doubles text)
         join app_user u on u.nickname = r.nickname and u.is_demo`,
      [JSON.stringify(collections)],
    );
    await tx.execute(
      `insert into sticker_spare (user_id, sticker_id, spares)
       select u.id, s.id, r.spares
         from json_to_recordset(?::json) as r(nickname text, album_id int, slot int, spares int)
         join app_user u on u.nickname = r.nickname and u.is_demo
         join sticker s on s.album_id = r.album_id and s.slot = r.slot`,
      [JSON.stringify(spares)],
    );
    await insertChats(
      tx,
      users.map((user) => user.nickname),
    );
    return users.length;
  });
  if (added > 0) {
    print(`Collezionisti demo creati: ${added} (${Math.round(performance.now() - started)} ms)`);
  }
}

/** Deletes every demo collector and what is theirs (collections, chats, sessions: by cascade). */
export async function removeDemoCollectors(em: EntityManager): Promise<number> {
  const removed = await em.execute<{ id: number }[]>('delete from app_user where is_demo returning id');
  return removed.length;
}
