import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ENDED_SWAPS_LISTED_MAX,
  type SwapMode,
  type SwapStatus,
  type SwapView,
} from '../../rpc/schemas/swaps.ts';
import { DomainError } from '../domain-error.ts';
import { comuneOf } from '../geo/comuni-directory.ts';
import { compareStickerNumbers } from '../stickers/natural-order.ts';
import { swapSeenBySql } from '../users/swap-standing.ts';
import { goneItems } from './gone-items.ts';
import { CAN_RATE_SQL } from './rating-eligibility.ts';

export const SWAP_NOT_FOUND_MESSAGE = 'Scambio non trovato';

/**
 * A swap's status as everyone reads it: past its `expires_at` a proposal unanswered is 'scaduto', an
 * accepted swap not confirmed by both 'non_completato', from that moment, before the daily clean-up writes
 * it (docs/decisions/015). `w` is the swap's alias.
 */
export const STATUS_SQL = `(case when w.expires_at > now() then w.status
  when w.status = 'proposto' then 'scaduto' when w.status = 'accettato' then 'non_completato' else w.status end)`;

/** Swaps still under way: a proposal waiting for an answer, an accepted swap waiting for the stickers. */
const OPEN_STATUSES: SwapStatus[] = ['proposto', 'accettato'];
const OPEN_SQL = `(${OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`;

type SwapRow = {
  id: number;
  status: SwapStatus;
  mode: SwapMode;
  album_id: number;
  album_name: string;
  match_id: number | null;
  from_user_id: number;
  from_nickname: string;
  to_user_id: number;
  to_nickname: string;
  created_at: Date;
  expires_at: Date;
  from_confirmed: boolean;
  to_confirmed: boolean;
  my_rating: number | null;
  can_rate: boolean;
  in_person_near: boolean | null;
  point_id: number | null;
  point_name: string | null;
  point_address: string | null;
  point_cap: string | null;
  point_comune: string | null;
  slot_start: Date | null;
  slot_end: Date | null;
};

/**
 * My swaps (both directions) matching `where` (over `w`, the swap row) as the API shows them, newest first:
 * every open one, and the newest ENDED_SWAPS_LISTED_MAX of the others. Only those I see: a swap recorded in
 * person by the other phone alone is not mine yet (users/swap-standing.ts).
 */
async function readSwaps(
  em: EntityManager,
  meId: number,
  where: { sql: string; params: unknown[] } = { sql: 'true', params: [] },
): Promise<SwapView[]> {
  const rows = await em.execute<SwapRow[]>(
    `with mine as (
       select w.*, ${STATUS_SQL} as status_now from swap w
        where (w.from_user_id = ? or w.to_user_id = ?) and ${swapSeenBySql('w', '?::int')} and (${where.sql})
     ), listed as (
       select * from mine where status_now in ${OPEN_SQL}
       union all
       (select * from mine where status_now not in ${OPEN_SQL} order by id desc limit ?)
     )
     select w.id, w.status_now as status, w.mode, w.album_id, a.name as album_name, m.id as match_id,
            w.from_user_id, f.nickname as from_nickname, w.to_user_id, t.nickname as to_nickname,
            w.created_at, w.expires_at, w.from_confirmed, w.to_confirmed, w.in_person_near,
            p.id as point_id, p.name as point_name, p.address as point_address, p.cap as point_cap,
            p.comune as point_comune, w.slot_start, w.slot_end,
            (select r.stars from swap_rating r where r.swap_id = w.id and r.rater_id = me.id) as my_rating,
            ${CAN_RATE_SQL} as can_rate
       from listed w
       cross join (select ?::int as id) me
       join album a on a.id = w.album_id
       join app_user f on f.id = w.from_user_id
       join app_user t on t.id = w.to_user_id
       left join swap_point p on p.id = w.swap_point_id
       left join match m on m.user_low_id = least(w.from_user_id, w.to_user_id)
                        and m.user_high_id = greatest(w.from_user_id, w.to_user_id)
      order by w.id desc`,
    [meId, meId, meId, ...where.params, ENDED_SWAPS_LISTED_MAX, meId],
  );
  if (rows.length === 0) return [];
  const items = await em.execute<{ swap_id: number; giver_id: number; number: string; name: string }[]>(
    `select i.swap_id, i.giver_id, s.number, s.name
       from swap_item i join sticker s on s.id = i.sticker_id
      where i.swap_id = any(string_to_array(?, ',')::int[])`,
    [rows.map((row) => row.id).join(',')],
  );
  items.sort((a, b) => compareStickerNumbers(a.number, b.number));
  const proposals = rows.filter((row) => row.status === 'proposto').map((row) => row.id);
  const gone = proposals.length > 0 ? await goneItems(em, proposals) : [];
  return rows.map((row) => {
    const mine = items.filter((item) => item.swap_id === row.id);
    const sticker = ({ number, name }: { number: string; name: string }) => ({ number, name });
    return {
      id: row.id,
      status: row.status,
      mode: row.mode,
      albumId: row.album_id,
      albumName: row.album_name,
      matchId: row.match_id,
      from: { id: row.from_user_id, nickname: row.from_nickname },
      to: { id: row.to_user_id, nickname: row.to_nickname },
      give: mine.filter((item) => item.giver_id === row.from_user_id).map(sticker),
      receive: mine.filter((item) => item.giver_id === row.to_user_id).map(sticker),
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      confirmedBy: [
        ...(row.from_confirmed ? [row.from_user_id] : []),
        ...(row.to_confirmed ? [row.to_user_id] : []),
      ],
      myRating: row.my_rating === null ? null : Number(row.my_rating),
      canRate: row.can_rate,
      unavailable: gone.filter((item) => item.swap_id === row.id).map((item) => item.number),
      farApart: row.in_person_near === false,
      meeting: meetingOf(row),
    };
  });
}

function meetingOf(row: SwapRow): SwapView['meeting'] {
  if (row.point_id === null || row.slot_start === null || row.slot_end === null) return null;
  return {
    puntoScambioId: row.point_id,
    name: row.point_name ?? '',
    address: row.point_address ?? '',
    comune: comuneOf(row.point_cap ?? '', row.point_comune)?.nome ?? null,
    slotStart: new Date(row.slot_start).toISOString(),
    slotEnd: new Date(row.slot_end).toISOString(),
  };
}

/** One swap I take part in; anybody else learns nothing, not even that it exists (404). */
export async function readSwap(em: EntityManager, swapId: number, meId: number): Promise<SwapView> {
  const [swap] = await readSwaps(em, meId, { sql: 'w.id = ?', params: [swapId] });
  if (!swap) throw new DomainError('NOT_FOUND', SWAP_NOT_FOUND_MESSAGE);
  return swap;
}

/** My swaps, newest first (every open one), optionally of one status or with one collector. */
export function listSwaps(
  em: EntityManager,
  meId: number,
  filter: { status?: SwapStatus; withUserId?: number },
) {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    sql.push(`${STATUS_SQL} = ?`);
    params.push(filter.status);
  }
  if (filter.withUserId) {
    sql.push('(w.from_user_id = ? or w.to_user_id = ?)');
    params.push(filter.withUserId, filter.withUserId);
  }
  return readSwaps(em, meId, { sql: sql.length > 0 ? sql.join(' and ') : 'true', params });
}

/** How many swaps wait for me: proposals to me unanswered, accepted swaps I have not confirmed. */
export async function swapsWaiting(em: EntityManager, meId: number) {
  const [row] = await em.execute<{ count: string }[]>(
    `select count(*) from swap w
      where w.expires_at > now()
        and ((w.to_user_id = ? and w.status = 'proposto')
          or (w.status = 'accettato' and ((w.from_user_id = ? and not w.from_confirmed)
                                       or (w.to_user_id = ? and not w.to_confirmed))))`,
    [meId, meId, meId],
  );
  return { count: Number(row?.count ?? 0) };
}
