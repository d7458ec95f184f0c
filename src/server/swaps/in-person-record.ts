import type { EntityManager } from '@mikro-orm/postgresql';
import type { InPersonConflict, RecordInPersonInput } from '../../rpc/schemas/swaps-in-person.ts';
import { IN_PERSON_PAST_DAYS, OPEN_RECORDS_PER_PAIR } from '../../rpc/schemas/swaps-limits.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { type BlockSide, refuseBlockedPair } from '../blocks/blocked-pair.ts';
import { DomainError } from '../domain-error.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { type RateLimit, secondsText } from '../rate-limits.ts';
import { publishSwapEvent } from './swap-events.ts';

const FOREIGN_STICKERS_MESSAGE = 'Alcune figurine non fanno parte di questo album';
const OTHER_NOT_FOUND_MESSAGE = (nickname: string) => `Nessun collezionista attivo si chiama ${nickname}`;
const SELF_MESSAGE = 'Non puoi registrare uno scambio con te stesso';
const BLOCKED_MESSAGES: Record<BlockSide, string> = {
  mine: 'Hai bloccato questo collezionista: sbloccalo per registrare lo scambio',
  theirs: 'Non puoi registrare scambi con questo collezionista',
};
export const STRANGER_MESSAGE = 'Questo scambio dal vivo è registrato tra altri collezionisti';
export const ROLE_MESSAGE =
  'Questo scambio dal vivo è registrato con i ruoli invertiti: chi ha scelto le figurine non corrisponde';
const OTHER_MISMATCH_MESSAGE = 'Questo scambio dal vivo è registrato con un altro collezionista';
const ALBUM_MISMATCH_MESSAGE = 'Questo scambio dal vivo è registrato per un altro album';

/** Refuses a collector over the record calls' limit (IN_PERSON_RECORDS_PER_HOUR). */
export async function limitInPersonRecords(limit: RateLimit, userId: number) {
  const wait = await limit.take(String(userId));
  if (wait !== undefined) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Troppi scambi dal vivo registrati: riprova tra ${secondsText(wait)}`,
    );
  }
}

type StoredSwap = { id: number; from_user_id: number; to_user_id: number; album_id: number };

/** Serializes one collector's new records, so two at once cannot both pass OPEN_RECORDS_PER_PAIR. */
const NEW_RECORDS_LOCK = 72_410_035;

export const TOO_MANY_OPEN_RECORDS_MESSAGE = (nickname: string) =>
  `Hai già ${OPEN_RECORDS_PER_PAIR} scambi dal vivo con ${nickname} che il suo telefono non ha ancora registrato: ` +
  'registra i prossimi quando li avrà registrati';

/**
 * One phone's record of a swap made in person (docs/decisions/035): the first call for a key writes the
 * completed 'dal_vivo' swap with its items, a later one by the other side adds that side's flag, a repeat
 * changes nothing; every call answers the same id and the caller's conflicts. It never touches an album:
 * each phone marks its own through the tap outbox. Until the other phone records the key the swap is its
 * maker's alone (users/swap-standing.ts), and a maker keeps at most OPEN_RECORDS_PER_PAIR such records
 * naming one collector. Each record notes whether the two were near each other then (`in_person_near`:
 * the swap counts for reputation only if they were at every record). The row is dated by the phone's
 * clock (`created_at`, what the collectors see) and completed at the server's time of the first record, so
 * a backdated record cannot escape the week in which a pair counts once. One transaction; two calls at once
 * meet on the key's unique index (the second waits for the first, does nothing, then reads the row under
 * its lock).
 */
export async function recordInPersonSwap(em: EntityManager, meId: number, input: RecordInPersonInput) {
  await findAlbumOrFail(em, input.albumId);
  await assertStickersOfAlbum(em, input.albumId, [...input.gives, ...input.receives]);
  const otherId = await activeCollector(em, meId, input.otherNickname);
  await refuseBlockedPair(em, meId, otherId, BLOCKED_MESSAGES);
  const [pickerId, showerId] = input.role === 'picker' ? [meId, otherId] : [otherId, meId];
  const flag = meId === pickerId ? 'from_confirmed' : 'to_confirmed';
  const swapId = await em.transactional(async (tx) => {
    // Shared locks on both users, as every swap transition takes them: a deactivation waits for us.
    const users = await tx.execute<{ id: number; is_active: boolean }[]>(
      'select id, is_active from app_user where id in (?, ?) order by id for share',
      [meId, otherId],
    );
    if (!users.find((user) => user.id === otherId)?.is_active) {
      throw new DomainError('NOT_FOUND', OTHER_NOT_FOUND_MESSAGE(input.otherNickname));
    }
    const near = await nearEachOther(tx, meId, otherId);
    const radunoId = await radunoOfSwap(tx, meId, input.at);
    let stored = await storedSwap(tx, input.key);
    if (!stored) {
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [NEW_RECORDS_LOCK, meId]);
      if ((await openRecordsNaming(tx, meId, otherId)) >= OPEN_RECORDS_PER_PAIR) {
        throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_OPEN_RECORDS_MESSAGE(input.otherNickname));
      }
      const [created] = await tx.execute<{ id: number }[]>(
        `insert into swap (from_user_id, to_user_id, album_id, status, mode, in_person_key, in_person_near,
                           created_at, updated_at, completed_at, expires_at, from_confirmed, to_confirmed, raduno_id)
         select ?, ?, ?, 'completato', 'dal_vivo', ?, ?, t.at, t.at, now(), t.at, ?, ?, ?
           from (select to_timestamp(?::double precision) as at) t
         on conflict (in_person_key) do nothing returning id`,
        [
          pickerId,
          showerId,
          input.albumId,
          input.key,
          near,
          meId === pickerId,
          meId === showerId,
          radunoId,
          input.at,
        ],
      );
      if (created) {
        await insertItems(tx, created.id, [
          ...input.gives.map((stickerId) => [stickerId, meId] as const),
          ...input.receives.map((stickerId) => [stickerId, otherId] as const),
        ]);
        // Only mine until the other phone records it: nothing tells the other collector.
        await publishSwapEvent(tx, created.id, [meId]);
        return created.id;
      }
      // The other phone (or my own retry) recorded the key meanwhile.
      stored = await storedSwap(tx, input.key);
      if (!stored) throw new Error(`in-person swap ${input.key}: conflicting row not found`);
    }
    assertSameSwap(stored, { meId, pickerId, showerId, albumId: input.albumId });
    const changed = await tx.execute<{ id: number }[]>(
      `update swap set ${flag} = true, in_person_near = in_person_near and ?, updated_at = now(),
                       raduno_id = coalesce(raduno_id, ?)
        where id = ? and not ${flag} returning id`,
      [near, radunoId, stored.id],
    );
    if (changed.length > 0) await publishSwapEvent(tx, stored.id, [meId, otherId]);
    return stored.id;
  });
  return { swapId, conflicts: await inPersonConflicts(em, meId, input.gives) };
}

/**
 * The meet a swap was made at (issue 46, row 4): one I said I go to (or checked in at), not cancelled,
 * whose time holds the swap's (from an hour before to an hour after) — the latest to start if several.
 * Each phone names it from its own meets; none, and the swap is just a swap.
 */
async function radunoOfSwap(tx: EntityManager, meId: number, at: number) {
  const [row] = await tx.execute<{ id: number }[]>(
    `select r.id from raduno r join raduno_participant m on m.raduno_id = r.id and m.user_id = ?
      where r.cancelled_at is null
        and to_timestamp(?::double precision) between r.starts_at - interval '1 hour' and r.ends_at + interval '1 hour'
      order by r.starts_at desc, r.id desc limit 1`,
    [meId, at],
  );
  return row?.id ?? null;
}

/** The swap already kept for `key`, locked, if any. */
async function storedSwap(tx: EntityManager, key: string): Promise<StoredSwap | undefined> {
  const [stored] = await tx.execute<StoredSwap[]>(
    'select id, from_user_id, to_user_id, album_id from swap where in_person_key = ? for update',
    [key],
  );
  return stored;
}

/**
 * Whether two collectors' points are within the larger of their radii now: a swap at a table between
 * someone in Milano and someone in Palermo, both with a 10 km radius, is not plausible.
 */
async function nearEachOther(tx: EntityManager, aId: number, bId: number) {
  const [row] = await tx.execute<{ near: boolean }[]>(
    `select ${greatCircleKmSql('a.latitude', 'a.longitude', 'b.latitude', 'b.longitude')}
              <= greatest(a.raggio_km, b.raggio_km) as near
       from app_user a, app_user b where a.id = ? and b.id = ?`,
    [aId, bId],
  );
  return row?.near === true;
}

/**
 * My records naming `otherId` that their phone has not recorded, still within the window in which it
 * could (IN_PERSON_PAST_DAYS after the swap's time; the clean-up deletes them after it).
 */
async function openRecordsNaming(tx: EntityManager, meId: number, otherId: number) {
  const [row] = await tx.execute<{ count: number }[]>(
    `select count(*)::int as count from swap w
      where w.mode = 'dal_vivo' and not (w.from_confirmed and w.to_confirmed)
        and w.created_at > now() - make_interval(days => ?)
        and ((w.from_user_id = ? and w.from_confirmed and w.to_user_id = ?)
          or (w.to_user_id = ? and w.to_confirmed and w.from_user_id = ?))`,
    [IN_PERSON_PAST_DAYS, meId, otherId, meId, otherId],
  );
  return row?.count ?? 0;
}

/** 400 unless every sticker id is one of the album's. */
async function assertStickersOfAlbum(em: EntityManager, albumId: number, stickerIds: number[]) {
  const [row] = await em.execute<{ found: number }[]>(
    `select count(*)::int as found from sticker
      where album_id = ? and id = any(string_to_array(?, ',')::int[])`,
    [albumId, stickerIds.join(',')],
  );
  if (row?.found !== stickerIds.length) throw new DomainError('BAD_REQUEST', FOREIGN_STICKERS_MESSAGE);
}

/** The id of the active collector named `nickname`, not me; 404 otherwise. */
async function activeCollector(em: EntityManager, meId: number, nickname: string) {
  const [user] = await em.execute<{ id: number }[]>(
    'select id from app_user where nickname = ? and is_active and deleted_at is null',
    [nickname],
  );
  if (!user) throw new DomainError('NOT_FOUND', OTHER_NOT_FOUND_MESSAGE(nickname));
  if (user.id === meId) throw new DomainError('NOT_FOUND', SELF_MESSAGE);
  return user.id;
}

/** 409 unless the row already kept for this key is this same swap, seen from the same side. */
function assertSameSwap(
  stored: StoredSwap,
  call: { meId: number; pickerId: number; showerId: number; albumId: number },
) {
  const participants = [stored.from_user_id, stored.to_user_id];
  if (!participants.includes(call.meId)) throw new DomainError('CONFLICT', STRANGER_MESSAGE);
  const otherId = call.meId === call.pickerId ? call.showerId : call.pickerId;
  if (!participants.includes(otherId)) throw new DomainError('CONFLICT', OTHER_MISMATCH_MESSAGE);
  if (stored.from_user_id !== call.pickerId) throw new DomainError('CONFLICT', ROLE_MESSAGE);
  if (stored.album_id !== call.albumId) throw new DomainError('CONFLICT', ALBUM_MISMATCH_MESSAGE);
}

async function insertItems(tx: EntityManager, swapId: number, items: (readonly [number, number])[]) {
  await tx.execute(
    `insert into swap_item (swap_id, sticker_id, giver_id)
     select ?, sticker_id, giver_id
       from unnest(string_to_array(?, ',')::int[], string_to_array(?, ',')::int[]) as i(sticker_id, giver_id)`,
    [swapId, items.map((item) => item[0]).join(','), items.map((item) => item[1]).join(',')],
  );
}

/**
 * The stickers I gave in person that an accepted online swap (within its 14 days) also has me give: the
 * collector waiting for them should hear it from me. Nothing happens to those swaps.
 */
async function inPersonConflicts(
  em: EntityManager,
  meId: number,
  gives: number[],
): Promise<InPersonConflict[]> {
  if (gives.length === 0) return [];
  const rows = await em.execute<{ sticker_id: number; number: string; swap_id: number; nickname: string }[]>(
    `select i.sticker_id, s.number, w.id as swap_id, u.nickname
       from swap w
       join swap_item i on i.swap_id = w.id and i.giver_id = ?
       join sticker s on s.id = i.sticker_id
       join app_user u on u.id = case when w.from_user_id = ? then w.to_user_id else w.from_user_id end
      where w.status = 'accettato' and w.mode = 'online' and w.expires_at > now()
        and i.sticker_id = any(string_to_array(?, ',')::int[])
      order by s.position, s.id, w.id`,
    [meId, meId, gives.join(',')],
  );
  return rows.map((row) => ({
    stickerId: row.sticker_id,
    number: row.number,
    swapId: row.swap_id,
    otherNickname: row.nickname,
  }));
}
