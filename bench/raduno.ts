/**
 * `npm run bench:raduno`: a Raduno's pool (issue 46, decision 049) for a 980-sticker album, at a meet of 300
 * and one of 3,000 attendees who all share, each owning 40–70% of the album with a double of 10–25% of it
 * (bench/raduno-seed.ts; seeded, the same every run). On a throwaway embedded PostgreSQL and the real server:
 * - `poolBytes`, `poolGzipBytes`, `poolJsonBytes`: GET /api/raduni/{id}/pool as BENCH_CALLS (30) attendees
 *   download it over HTTP with their session cookie: what a phone downloads (it accepts what Chromium does;
 *   `wireEncoding`: the server picks brotli) — the target's figure —, what goes on the wire when the client
 *   accepts gzip only, and the JSON's own size (150 rows of sticker numbers as the issue's API has them);
 *   medians, with the largest beside them;
 * - `serverMs`: that call's time, from the request to the body's last byte (brotli included), for the
 *   BENCH_CALLS attendees after 5 others to warm up; `serverUncompressedMs` the same asking for no
 *   compression; `buildPoolMs`: buildPool alone (src/server/raduni/pool.ts) on a fresh EntityManager fork,
 *   the same attendees, with its statements' part and the ranking statement's;
 * - `mostWantedMs`: 'Le più cercate qui' for an attendee, the meet's tally counted (`coldMs`) and then
 *   kept (`warmMs`, BENCH_CALLS others);
 * - `phoneRankMs`: rankPool (src/client/features/raduni/rank-pool.ts, bundled and minified by Vite as the
 *   client is) in headless Chromium on a 390×844 phone with the CPU slowed 4× (CDP), BENCH_PHONE_RUNS (20)
 *   times on a fresh page, each time an attendee's downloaded pool against their album with 5% of its
 *   stickers marked again at the tables; the first run (nothing compiled yet) is in `max`. `phoneParseMs`:
 *   JSON.parse of the pool, the same way.
 * The attendees are written with SQL (accounts, collection bitmaps, 'Ci vado', sessions); a collector
 * registered and marked through the API joins both meets through it too, and the bench stops unless the
 * bitmaps written for it are exactly the ones fast entry stored. Prints one JSON object; progress on stderr.
 * BENCH_KEEP=1 leaves the database running afterwards (its URL on stderr) to EXPLAIN the pool's statement.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { rankPool } from '../src/client/features/raduni/rank-pool.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { openDatabase } from '../src/server/db/orm.ts';
import { loadEnv } from '../src/server/env.ts';
import { findCapPoint } from '../src/server/geo/cap-directory.ts';
import { seededRandom } from '../src/server/seeded-random.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import {
  CPU_THROTTLING,
  markedAtTables,
  measurePhone,
  type PoolJson,
  rankPoolBundle,
} from './raduno-phone.ts';
import { meetFigures, TARGETS, targetsMet } from './raduno-report.ts';
import {
  type Attendee,
  type BenchAlbum,
  bitmapsOf,
  collections,
  DOUBLES,
  OWNED,
  seedAttendees,
  seedParticipants,
  sessionCookies,
} from './raduno-seed.ts';
import {
  CALLS,
  mean,
  measureBuildPool,
  measureHttp,
  measureMostWanted,
  SESSION_SECRET,
  WARM_UP,
} from './raduno-timing.ts';

const STICKERS = 980;
const MEETS = [300, 3000];
const PHONE_RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 20);
const SEED = 46;
const MILANO = { cap: '20121', ...(findCapPoint('20121') as { lat: number; lon: number }) };

const progress = (message: string) => console.error(`${new Date().toISOString()} ${message}`);
async function post(url: string, cookie: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { id: number };
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-raduno-'));
await fs.chmod(dataDir, 0o755);
let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let server: RunningServer | undefined;
let orm: Awaited<ReturnType<typeof openDatabase>> | undefined;
let db: pg.Client | undefined;
let browser: Browser | undefined;
try {
  postgres = await startEmbeddedPostgres(dataDir, () => undefined);
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    SESSION_SECRET,
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    REGISTRATION_LIMIT_PER_HOUR: '0',
    LOG_LEVEL: 'silent',
  });
  server = await startServer(env);
  db = new pg.Client({ connectionString: postgres.url });
  // The cluster stops in `finally` whatever went wrong: its goodbye must not hide the error that did.
  db.on('error', () => undefined);
  await db.connect();

  progress(`an album of ${STICKERS} stickers and ${Math.max(...MEETS)} collectors…`);
  const created = await createAlbum(postgres.url, { name: 'Raduno', stickers: STICKERS });
  const { rows: stickerRows } = await db.query<{ id: number; number: string; slot: number }>(
    'select id, number, slot from sticker where album_id = $1 order by slot',
    [created.id],
  );
  const { rows: albumRows } = await db.query<{ slot_capacity: number }>(
    'select slot_capacity from album where id = $1',
    [created.id],
  );
  const album: BenchAlbum = {
    id: created.id,
    capacity: albumRows[0]?.slot_capacity as number,
    numbers: stickerRows.map((row) => row.number),
    slots: stickerRows.map((row) => row.slot),
  };
  const next = collections(album, SEED);

  // One collector through the API: registered, marked with fast entry; what the SQL seeding writes must be
  // exactly what the app stored for the same marks.
  const control = await registeredUser(server.url);
  const controlStates = next();
  for (const [status, state] of [
    ['yes', 1],
    ['double', 2],
  ] as const) {
    const stickerIds = stickerRows.filter((_, i) => controlStates[i] === state).map((row) => row.id);
    const answer = await control.api.post('/api/user/stickers/bulk', {
      albumId: album.id,
      stickerIds,
      status,
    });
    if (answer.status !== 200) throw new Error(`fast entry: ${JSON.stringify(answer.body)}`);
  }
  const { rows: stored } = await db.query<{
    owned: string;
    doubles: string;
    reserved: string;
    chosen: number;
  }>(
    `select c.owned::text, c.doubles::text, c.reserved::text, u.album_selezionato as chosen
       from collection c join app_user u on u.id = c.user_id where c.user_id = $1 and c.album_id = $2`,
    [control.id, album.id],
  );
  const written = bitmapsOf(album, controlStates);
  if (
    stored[0]?.owned !== written.owned ||
    stored[0]?.doubles !== written.doubles ||
    stored[0]?.reserved !== '0'.repeat(album.capacity) ||
    stored[0]?.chosen !== album.id
  ) {
    throw new Error('the seeded bitmaps differ from what fast entry stores');
  }

  const seedStarted = performance.now();
  const seeded = await seedAttendees(db, album, {
    count: Math.max(...MEETS) - 1,
    next,
    seed: SEED,
    place: MILANO,
  });
  const attendees: Attendee[] = [
    { id: control.id, nickname: control.nickname, states: controlStates },
    ...seeded,
  ];
  const { rows: admins } = await db.query<{ id: number }>('select id from app_user where is_admin limit 1');
  const viewers = attendees.slice(0, CALLS + WARM_UP);
  const [adminCookie, ...seededCookies] = await sessionCookies(db, SESSION_SECRET, [
    admins[0]?.id as number,
    ...viewers.slice(1).map((viewer) => viewer.id),
  ]);
  const cookies = [control.api.cookie as string, ...seededCookies];

  const place = await post(`${server.url}/api/admin/punti-scambio`, adminCookie as string, {
    name: 'Edicola del Raduno',
    kind: 'edicola',
    address: 'Corso Buenos Aires 1',
    cap: '20124',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
    state: 'verificato',
  });
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const meets: { attendees: number; id: number }[] = [];
  for (const size of MEETS) {
    const meet = await post(`${server.url}/api/raduni`, adminCookie as string, {
      puntoScambioId: place.id,
      title: `Raduno di ${size}`,
      kind: size > 1000 ? 'evento' : 'raduno',
      start: hoursFromNow(1),
      end: hoursFromNow(6),
      albumIds: [album.id],
      tables: 500,
    });
    const going = await control.api.post(`/api/raduni/${meet.id}/partecipa`, { ciVado: true, tavolo: '1' });
    if (going.status !== 200) throw new Error(`partecipa: ${JSON.stringify(going.body)}`);
    await seedParticipants(db, meet.id, seeded.slice(0, size - 1));
    meets.push({ attendees: size, id: meet.id });
  }
  await db.query('analyze');
  const seedMs = Math.round(performance.now() - seedStarted);
  const shares = (state: number) =>
    mean(attendees.map((one) => one.states.filter((s) => s >= state).length / STICKERS));

  orm = await openDatabase(postgres.url, () => undefined);
  const bundle = await rankPoolBundle();
  browser = await launchBrowser('full');
  const runs = [];
  const random = seededRandom(SEED + 1);
  for (const meet of meets) {
    progress(`meet of ${meet.attendees}: pools over HTTP…`);
    const { phone, gzip, identity } = await measureHttp(
      server,
      meet.id,
      viewers.map((_, i) => ({ cookie: cookies[i] as string })),
    );
    progress(`meet of ${meet.attendees}: buildPool…`);
    const buildPoolMs = await measureBuildPool(orm.em, meet.id, viewers);
    const mostWantedMs = await measureMostWanted(orm.em, meet.id, viewers);
    progress(`meet of ${meet.attendees}: ranking on the phone…`);
    const phoneRuns = phone.slice(0, PHONE_RUNS).map((answer, i) => {
      const state = markedAtTables(album, (viewers[i] as Attendee).states, random);
      const entries = (JSON.parse(answer.json) as PoolJson).entries;
      return { json: answer.json, state, expected: rankPool(entries, new Map(state)).length };
    });
    const onPhone = await measurePhone(browser, server.url, bundle, phoneRuns);
    runs.push(
      meetFigures({ attendees: meet.attendees, phone, gzip, identity, buildPoolMs, mostWantedMs, onPhone }),
    );
  }

  console.log(
    JSON.stringify(
      {
        album: {
          stickers: STICKERS,
          ownedShare: { drawn: OWNED, mean: shares(1) },
          doubleShare: { drawn: DOUBLES, mean: shares(2) },
        },
        seedMs,
        cpuThrottling: CPU_THROTTLING,
        runs,
        targets: TARGETS,
        met: runs.map(targetsMet),
      },
      null,
      2,
    ),
  );
} finally {
  await browser?.close();
  await db?.end().catch(() => undefined);
  await orm?.close();
  await server?.close();
  // BENCH_KEEP=1 leaves the database running for EXPLAIN sessions; stop it with pg_ctl afterwards.
  if (process.env.BENCH_KEEP === '1' && postgres) {
    console.error(`database kept: ${postgres.url} in ${dataDir}`);
  } else {
    await postgres?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
