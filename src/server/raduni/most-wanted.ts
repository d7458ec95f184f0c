import type { EntityManager } from '@mikro-orm/postgresql';
import { MOST_WANTED_MAX, MOST_WANTED_SHARERS_MIN, RADUNO_KEPT_DAYS } from '../../rpc/schemas/raduni.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { isAnnouncer, RADUNO_CANCELLED_MESSAGE, RADUNO_NOT_FOUND_MESSAGE, radunoAlbum } from './raduni.ts';

export const MOST_WANTED_FORBIDDEN_MESSAGE =
  'Le più cercate le vede chi organizza il raduno e chi ci va e condivide le sue liste';

/** A meet's tally is counted again at most this often, per album (one statement over every sharer). */
const TALLY_FRESH_MS = 5 * 60_000;
const TALLIES_KEPT = 200;

type Sticker = { slot: number; number: string; name: string };
/** Per sticker of the album (in its order): how many sharers miss it and how many have a free double. */
type Tally = { sharers: number; stickers: Sticker[]; missing: number[]; offered: number[] };

const tallies = new Map<string, { expires: number; tally: Promise<Tally> }>();

/** One pass over the sharers' bitmaps; asked at once by many, it is counted once. */
function tallyOf(em: EntityManager, radunoId: number, albumId: number, now: number): Promise<Tally> {
  const key = `${radunoId}:${albumId}`;
  const kept = tallies.get(key);
  if (kept && kept.expires > now) return kept.tally;
  const tally = countSharers(em, radunoId, albumId);
  tallies.delete(key);
  tallies.set(key, { expires: now + TALLY_FRESH_MS, tally });
  if (tallies.size > TALLIES_KEPT) tallies.delete(tallies.keys().next().value as string);
  tally.catch(() => tallies.delete(key));
  return tally;
}

const SHARERS = `raduno_participant p
  join app_user u on u.id = p.user_id and u.is_active and u.deleted_at is null
  join collection c on c.user_id = p.user_id and c.album_id = ?`;

async function countSharers(em: EntityManager, radunoId: number, albumId: number): Promise<Tally> {
  const rows = await em.execute<(Sticker & { missing: number; offered: number; sharers: number })[]>(
    `with sharers as (
       select c.owned, c.doubles & ~c.reserved as free from ${SHARERS} where p.raduno_id = ? and p.shares
     )
     select s.slot, s.number, s.name, (select count(*)::int from sharers) as sharers,
            count(x.owned) filter (where get_bit(x.owned, s.slot) = 0)::int as missing,
            count(x.owned) filter (where get_bit(x.free, s.slot) = 1)::int as offered
       from sticker s left join sharers x on true
      where s.album_id = ?
      group by s.id
      order by s.position, s.id`,
    [albumId, radunoId, albumId],
  );
  return {
    sharers: rows[0]?.sharers ?? 0,
    stickers: rows.map(({ slot, number, name }) => ({ slot, number, name })),
    missing: rows.map((row) => row.missing),
    offered: rows.map((row) => row.offered),
  };
}

/**
 * 'Le più cercate qui' (issue 46, row 6): among the attendees who share, the MOST_WANTED_MAX stickers most
 * missing and most offered (free doubles), with counts only — what to bring, what to ask for. For the
 * organiser and whoever goes and shares (a lurker who shares nothing learns nothing of those who do). The
 * caller's own family (themselves, their parent, the child profiles) is left out of the counts, and nothing
 * is counted below MOST_WANTED_SHARERS_MIN others: with a few, a count would tell one collector's lists.
 * Until the meet's data is deleted; nothing for a cancelled meet.
 */
export async function mostWanted(
  em: EntityManager,
  me: User,
  input: { id: number; albumId?: number | undefined },
  now = Date.now(),
) {
  const [raduno] = await em.execute<{ place_id: number; cancelled: boolean; shares: boolean | null }[]>(
    `select swap_point_id as place_id, cancelled_at is not null as cancelled,
            (select m.shares from raduno_participant m where m.raduno_id = r.id and m.user_id = ?) as shares
       from raduno r where r.id = ? and r.ends_at > now() - make_interval(days => ?)`,
    [me.id, input.id, RADUNO_KEPT_DAYS],
  );
  if (!raduno) throw new DomainError('NOT_FOUND', RADUNO_NOT_FOUND_MESSAGE);
  if (!raduno.shares && !(await isAnnouncer(em, me, raduno.place_id))) {
    throw new DomainError('FORBIDDEN', MOST_WANTED_FORBIDDEN_MESSAGE);
  }
  if (raduno.cancelled) throw new DomainError('GONE', RADUNO_CANCELLED_MESSAGE);
  const album = await radunoAlbum(em, me, input);
  const tally = await tallyOf(em, input.id, album.id, now);
  const family = await familyBits(em, me, input.id, album.id);
  const sharers = tally.sharers - family.length;
  if (sharers < MOST_WANTED_SHARERS_MIN) return { album, sharers, cercate: [], offerte: [] };
  const top = (counts: number[], mine: (bits: { owned: string; free: string }, slot: number) => boolean) =>
    tally.stickers
      .map((sticker, index) => ({
        number: sticker.number,
        name: sticker.name,
        count: (counts[index] ?? 0) - family.filter((bits) => mine(bits, sticker.slot)).length,
        index,
      }))
      .filter((row) => row.count > 0)
      .sort((a, b) => b.count - a.count || a.index - b.index)
      .slice(0, MOST_WANTED_MAX)
      .map(({ number, name, count }) => ({ number, name, count }));
  return {
    album,
    sharers,
    cercate: top(tally.missing, (bits, slot) => bits.owned[slot] === '0'),
    offerte: top(tally.offered, (bits, slot) => bits.free[slot] === '1'),
  };
}

/** The bitmaps of the sharers of my family: me, the parent whose profile I am, and that parent's children. */
async function familyBits(em: EntityManager, me: User, radunoId: number, albumId: number) {
  const root = me.parentId ?? me.id;
  return em.execute<{ owned: string; free: string }[]>(
    `select c.owned::text as owned, (c.doubles & ~c.reserved)::text as free from ${SHARERS}
      where p.raduno_id = ? and p.shares and (u.id = ? or u.parent_id = ?)`,
    [albumId, radunoId, root, root],
  );
}
