import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, type BirthColumns, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import {
  POOL_ATTENDEES_MAX,
  POOL_HOURS_BEFORE,
  POOL_STICKERS_MAX,
  type PoolEntry,
} from '../../rpc/schemas/raduni.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { slotsIn } from '../collection/bitmap.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { openRaduno, radunoAlbum } from './raduni.ts';

export const POOL_NOT_YET_MESSAGE = `Il pool si prepara dalle ${POOL_HOURS_BEFORE} ore prima dell'inizio del raduno`;
export const POOL_SHARERS_ONLY_MESSAGE =
  'Per vedere chi ha le tue mancanti di’ che ci vai e condividi le tue liste';

type PairRow = BirthColumns & {
  user_id: number;
  nickname: string;
  table_label: string;
  gives_me: string;
  gets_from_me: string;
  gives_count: number;
  gets_count: number;
  here: boolean;
};

/** The key of the attendees' names, of its own (derived from the server's secret). */
const attendeeNameKey = (secret: string) =>
  crypto.createSecretKey(crypto.createHmac('sha256', secret).update('raduni: attendee names').digest());

/** A name for an attendee that means something in this meet's pool only. */
function attendeeName(key: crypto.KeyObject, radunoId: number, userId: number) {
  return crypto
    .createHmac('sha256', key)
    .update(`raduno:${radunoId}:${userId}`)
    .digest('base64url')
    .slice(0, 16);
}

/**
 * 'Preparati' (issue 46, row 3): my pool for a meet, built for me alone — the attendees who share (never a
 * blocked pair, never me), each with only the stickers useful between us, ranked by the smaller of the two
 * counts and then by what they give me; the best POOL_ATTENDEES_MAX, at most POOL_STICKERS_MAX numbers each
 * way. A minor appears to an adult with no nickname, only the table — also to a parent acting as a child
 * profile: an adult holds that phone. From POOL_HOURS_BEFORE hours before the
 * start to the end, and only for whoever goes and shares.
 */
export async function buildPool(
  em: EntityManager,
  secret: string,
  me: User,
  input: { id: number; albumId?: number | undefined },
  /** Whether an adult holds the phone: a parent acting as a child profile sees minors as an adult does. */
  actingParent: boolean,
  now = new Date(),
) {
  const raduno = await openRaduno(em, input.id, now);
  if (now.getTime() < raduno.startsAt.getTime() - POOL_HOURS_BEFORE * 3_600_000) {
    throw new DomainError('CONFLICT', POOL_NOT_YET_MESSAGE);
  }
  const [mine] = await em.execute<{ shares: boolean }[]>(
    'select shares from raduno_participant where raduno_id = ? and user_id = ?',
    [input.id, me.id],
  );
  if (!mine?.shares) throw new DomainError('FORBIDDEN', POOL_SHARERS_ONLY_MESSAGE);
  const album = await radunoAlbum(em, me, input);

  const rows = await em.execute<PairRow[]>(
    `with me as (
       select coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as owned,
              coalesce(c.doubles & ~c.reserved, repeat('0', a.slot_capacity)::varbit) as doubles
         from album a left join collection c on c.album_id = a.id and c.user_id = ?
        where a.id = ?
     ), pairs as (
       select p.user_id, c.doubles & ~c.reserved & ~me.owned as gives_me, me.doubles & ~c.owned as gets_from_me
         from raduno_participant p
         join app_user u on u.id = p.user_id and u.is_active and u.deleted_at is null
         join collection c on c.user_id = p.user_id and c.album_id = ?
         cross join me
        where p.raduno_id = ? and p.shares and p.user_id <> ? and not ${blockedEitherWaySql('?', 'p.user_id')}
     ), counted as materialized (
       select user_id, gives_me, gets_from_me,
              bit_count(gives_me)::int as gives_count, bit_count(gets_from_me)::int as gets_count
         from pairs
     ), best as materialized (
       -- Ranked on the counts alone: only the winners' bits become text.
       select * from counted where gives_count + gets_count > 0
        order by least(gives_count, gets_count) desc, gives_count desc, user_id
        limit ?
     )
     select b.user_id, p.table_label, u.nickname, p.checked_in_at is not null and p.shows_here as here,
            u.birth_year as "birthYear", u.birth_month as "birthMonth",
            b.gives_me::text, b.gets_from_me::text, b.gives_count, b.gets_count
       from best b join app_user u on u.id = b.user_id
       join raduno_participant p on p.raduno_id = ? and p.user_id = b.user_id
      order by least(b.gives_count, b.gets_count) desc, b.gives_count desc, b.user_id`,
    [me.id, album.id, album.id, input.id, me.id, me.id, me.id, POOL_ATTENDEES_MAX, input.id],
  );
  // Each slot's sticker and its place in the album's order, so a list is sorted by integers.
  const stickers = await em.execute<{ slot: number; number: string }[]>(
    'select slot, number from sticker where album_id = ? order by position, id',
    [album.id],
  );
  const rankAt = new Map(stickers.map((sticker, rank) => [sticker.slot, rank]));
  const numbers = (bits: string) =>
    slotsIn(bits)
      .flatMap((slot) => rankAt.get(slot) ?? [])
      .sort((a, b) => a - b)
      .slice(0, POOL_STICKERS_MAX)
      .map((rank) => (stickers[rank] as { number: string }).number);
  const iAmAdult = actingParent || !isMinor(ageBandOfUser(me, now));
  const nameKey = attendeeNameKey(secret);
  const during = now.getTime() >= raduno.startsAt.getTime();
  const entries: PoolEntry[] = rows.map((row) => ({
    attendee: attendeeName(nameKey, input.id, row.user_id),
    nickname: iAmAdult && isMinor(ageBandOfUser(row, now)) ? null : row.nickname,
    tavolo: row.table_label,
    tiDa: numbers(row.gives_me),
    gliDai: numbers(row.gets_from_me),
    tiDaCount: row.gives_count,
    gliDaiCount: row.gets_count,
    // 'qui ora' during the meet, for an adult who showed it; never for a minor (row 5).
    qui: during && row.here && !isMinor(ageBandOfUser(row, now)),
  }));
  return { raduno: input.id, end: raduno.endsAt.toISOString(), album, builtAt: now.toISOString(), entries };
}
