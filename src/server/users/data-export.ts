import type { EntityManager } from '@mikro-orm/postgresql';
import { type AlertKind, DEFAULT_ALERT_CHANNELS } from '../../rpc/schemas/alerts.ts';
import { findComune } from '../geo/comuni-directory.ts';
import {
  blocksOf,
  raduniOf,
  ratingsOf,
  reportsOf,
  swapPointsSuggestedOf,
  swapsOf,
  writeMessages,
} from './data-export-dealings.ts';
import { type ExportWriter, iso, type Rows, type Timestamp } from './data-export-rows.ts';

/** One statement of the export may take this long; PostgreSQL cancels it past that. */
export const EXPORT_STATEMENT_TIMEOUT_MS = 10_000;
/** The whole export (reading and sending) must be done within this time, or it is cut off. */
export const EXPORT_TIME_LIMIT_MS = 60_000;

/** The file's name: scambio-figurine-<nickname>-<YYYY-MM-DD>.json (nicknames are A–Z and 0–9 only). */
export function dataExportFileName(nickname: string, now = new Date()) {
  return `scambio-figurine-${nickname}-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * 'Scarica i miei dati' (issue 32): everything the app holds about one collector, as one JSON document
 * written in parts (an album, a page of messages at a time), so a large collection is never one string in
 * memory. It reads one consistent snapshot (a read-only repeatable-read transaction), each statement
 * bounded by EXPORT_STATEMENT_TIMEOUT_MS. Other collectors appear by nickname only: their e-mail, their
 * messages and their collections are theirs. Session ids (credentials) are never written.
 */
export async function writeDataExport(
  em: EntityManager,
  user: { id: number; sessionId: string },
  write: ExportWriter,
): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('set transaction isolation level repeatable read, read only');
    await tx.execute(`set local statement_timeout = ${EXPORT_STATEMENT_TIMEOUT_MS}`);
    const me = user.id;
    const rows = <T>(query: string, params: unknown[]) => tx.execute<T[]>(query, params);

    await write(`{"app":"Scambio Figurine","exportedAt":${JSON.stringify(new Date().toISOString())}`);
    await write(`,"profile":${JSON.stringify(await profileOf(rows, me))}`);

    await write(',"collections":[');
    const albums = await rows<{
      album_id: number;
      name: string;
      year: number;
      updated_at: Timestamp;
      in_regalo: boolean;
    }>(
      `select c.album_id, a.name, a.year, c.updated_at, c.in_regalo from collection c join album a on a.id = c.album_id
        where c.user_id = ? order by a.position, a.id`,
      [me],
    );
    for (const [index, album] of albums.entries()) {
      const stickers = await albumStickersOf(rows, me, album.album_id);
      const part = {
        album: album.name,
        year: album.year,
        updatedAt: iso(album.updated_at),
        // Its doubles given away ('in regalo', issue 49, row 5).
        inRegalo: album.in_regalo,
        stickers,
      };
      await write(`${index === 0 ? '' : ','}${JSON.stringify(part)}`);
    }
    await write(']');

    await write(`,"swaps":${JSON.stringify(await swapsOf(rows, me))}`);
    await writeMessages(rows, me, write);
    await write(`,"ratingsGiven":${JSON.stringify(await ratingsOf(rows, me, 'given'))}`);
    await write(`,"ratingsReceived":${JSON.stringify(await ratingsOf(rows, me, 'received'))}`);
    await write(`,"blocks":${JSON.stringify(await blocksOf(rows, me))}`);
    await write(`,"reports":${JSON.stringify(await reportsOf(rows, me))}`);
    await write(`,"swapPointsSuggested":${JSON.stringify(await swapPointsSuggestedOf(rows, me))}`);
    await write(`,"raduni":${JSON.stringify(await raduniOf(rows, me))}`);
    await write(`,"sessions":${JSON.stringify(await sessionsOf(rows, me, user.sessionId))}`);
    await write(`,"alerts":${JSON.stringify(await alertsOf(rows, me))}`);
    await write('}\n');
  });
}

async function profileOf(rows: Rows, me: number) {
  const [row] = await rows<{
    nickname: string;
    email: string | null;
    email_verified_at: Timestamp;
    cap: string;
    comune: string | null;
    raggio_km: number;
    show_presence: boolean;
    mix_special_kinds: boolean;
    birth_year: number | null;
    birth_month: number | null;
    is_premium: boolean;
    trial_ends_at: Timestamp;
    is_admin: boolean;
    created_at: Timestamp;
    last_login_at: Timestamp;
    last_seen_at: Timestamp;
    selected_album: string | null;
  }>(
    `select u.nickname, u.email, u.email_verified_at, u.cap, u.comune, u.raggio_km, u.show_presence, u.mix_special_kinds,
            u.birth_year, u.birth_month, u.is_premium, u.trial_ends_at, u.is_admin, u.created_at, u.last_login_at, u.last_seen_at,
            a.name as selected_album
       from app_user u left join album a on a.id = u.album_selezionato where u.id = ?`,
    [me],
  );
  if (!row) throw new Error(`user ${me} not found`);
  const comune = row.comune ? findComune(row.comune) : undefined;
  return {
    nickname: row.nickname,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    emailVerifiedAt: iso(row.email_verified_at),
    cap: row.cap,
    comune: comune ? { code: comune.code, name: comune.nome, province: comune.sigla } : row.comune,
    radiusKm: row.raggio_km,
    showPresence: row.show_presence,
    mixSpecialKinds: row.mix_special_kinds,
    birthYear: row.birth_year,
    birthMonth: row.birth_month,
    selectedAlbum: row.selected_album,
    isPremium: row.is_premium,
    trialEndsAt: iso(row.trial_ends_at),
    isAdmin: row.is_admin,
    createdAt: iso(row.created_at),
    lastAccessAt: iso(row.last_login_at),
    lastSeenAt: iso(row.last_seen_at),
  };
}

/** The stickers of one album the collector has, or marked at some time (then 'missing'). */
async function albumStickersOf(rows: Rows, me: number, albumId: number) {
  const stickers = await rows<{
    number: string;
    name: string;
    status: 'owned' | 'double' | 'missing';
    spares: number | null;
    marked_at: Timestamp;
  }>(
    `select s.number, s.name,
            case when s.slot < length(c.owned) and get_bit(c.owned, s.slot) = 1
                 then case when get_bit(c.doubles, s.slot) = 1 then 'double' else 'owned' end
                 else 'missing' end as status,
            sp.spares, m.marked_at
       from sticker s
       join collection c on c.album_id = s.album_id and c.user_id = ?
       left join sticker_spare sp on sp.user_id = c.user_id and sp.sticker_id = s.id
       left join sticker_mark m on m.user_id = c.user_id and m.sticker_id = s.id
      where s.album_id = ?
        and ((s.slot < length(c.owned) and get_bit(c.owned, s.slot) = 1) or m.marked_at is not null)
      order by s.position, s.id`,
    [me, albumId],
  );
  return stickers.map((sticker) => ({
    number: sticker.number,
    name: sticker.name,
    status: sticker.status,
    ...(sticker.status === 'double' ? { spares: sticker.spares ?? 1 } : {}),
    markedAt: iso(sticker.marked_at),
  }));
}

async function sessionsOf(rows: Rows, me: number, currentSessionId: string) {
  const sessions = await rows<{
    device: string | null;
    created_at: Timestamp;
    last_used_at: Timestamp;
    expires_at: Timestamp;
    current: boolean;
  }>(
    `select device, created_at, last_used_at, expires_at, id = ? as current
       from user_session where user_id = ? and expires_at > now() order by created_at`,
    [currentSessionId, me],
  );
  return sessions.map((session) => ({
    device: session.device,
    startedAt: iso(session.created_at),
    lastUsedAt: iso(session.last_used_at),
    expiresAt: iso(session.expires_at),
    current: session.current,
  }));
}

/** Profilo → 'Notifiche' as chosen, and the devices subscribed to push (their service, never their keys). */
async function alertsOf(rows: Rows, me: number) {
  const choices = await rows<{ kind: AlertKind; push: boolean; email: boolean; digest: boolean }>(
    'select kind, push, email, digest from alert_setting where user_id = ?',
    [me],
  );
  const settings = { ...DEFAULT_ALERT_CHANNELS };
  for (const { kind, push, email, digest } of choices) settings[kind] = { push, email, digest };
  const devices = await rows<{ endpoint: string; device: string | null; created_at: Timestamp }>(
    `select p.endpoint, s.device, p.created_at from push_subscription p
       join user_session s on s.id = p.session_id where p.user_id = ? order by p.created_at`,
    [me],
  );
  return {
    settings,
    pushDevices: devices.map((device) => ({
      device: device.device,
      pushService: new URL(device.endpoint).host,
      subscribedAt: iso(device.created_at),
    })),
  };
}
