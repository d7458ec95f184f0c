import type { EntityManager } from '@mikro-orm/postgresql';
import { stickerNumberKey } from '../../rpc/schemas/collection.ts';
import { PROPOSAL_DAYS, type SwapStatus } from '../../rpc/schemas/swaps.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { refreshReserved } from '../collection/reserved.ts';
import { DomainError } from '../domain-error.ts';
import { assertMaySwapWith } from './swap-access.ts';
import { completeSwap } from './swap-completion.ts';
import { publishSwapEvent } from './swap-events.ts';
import { availableSpares, type SpareSticker } from './swap-options.ts';
import { readSwap, STATUS_SQL, SWAP_NOT_FOUND_MESSAGE } from './swap-view.ts';

export const unavailableMessage = (numbers: string[]) =>
  `${numbers.length === 1 ? 'Figurina non più disponibile' : 'Figurine non più disponibili'}: ${numbers.join(', ')}`;

/** The 409 of a transition the swap's status does not allow. */
const STATUS_MESSAGES: Record<SwapStatus, string> = {
  proposto: 'La proposta non è ancora stata accettata',
  accettato: 'Lo scambio è già stato accettato',
  rifiutato: 'La proposta è stata rifiutata',
  annullato: 'Lo scambio è stato annullato',
  completato: 'Lo scambio è già completato',
  scaduto: 'La proposta è scaduta',
};
export const ONLY_RECIPIENT_MESSAGE = 'Solo chi riceve la proposta può accettarla o rifiutarla';
export const ONLY_PROPOSER_CANCELS_MESSAGE =
  'Solo chi ha fatto la proposta può ritirarla prima che sia accettata';
export const ALREADY_CONFIRMED_MESSAGE = 'Hai già confermato di aver ricevuto le figurine';

/** The numbers asked for, each once, found among `offered` (by number as typed); the rest are missing. */
function pick(asked: string[], offered: SpareSticker[]) {
  const byKey = new Map(offered.map((sticker) => [stickerNumberKey(sticker.number), sticker]));
  const found = new Map<number, SpareSticker>();
  const missing: string[] = [];
  for (const number of asked) {
    const sticker = byKey.get(stickerNumberKey(number));
    if (sticker) found.set(sticker.id, sticker);
    else if (!missing.includes(number)) missing.push(number);
  }
  return { found: [...found.values()], missing };
}

/**
 * A proposal: `give` must be my available spares they miss, `receive` their available spares I miss;
 * otherwise 409 naming the numbers. It reserves nothing.
 */
export async function proposeSwap(
  em: EntityManager,
  meId: number,
  input: { toUserId: number; albumId: number; give: string[]; receive: string[] },
) {
  await findAlbumOrFail(em, input.albumId);
  await assertMaySwapWith(em, meId, input.toUserId);
  const give = pick(input.give, await availableSpares(em, meId, input.toUserId, input.albumId));
  const receive = pick(input.receive, await availableSpares(em, input.toUserId, meId, input.albumId));
  const missing = [...give.missing, ...receive.missing];
  if (missing.length > 0) throw new DomainError('CONFLICT', unavailableMessage(missing));
  const id = await em.transactional(async (tx) => {
    const [swap] = await tx.execute<{ id: number }[]>(
      `insert into swap (from_user_id, to_user_id, album_id, status, expires_at)
       values (?, ?, ?, 'proposto', now() + make_interval(days => ?)) returning id`,
      [meId, input.toUserId, input.albumId, PROPOSAL_DAYS],
    );
    const swapId = (swap as { id: number }).id;
    const items = [
      ...give.found.map((sticker) => [sticker.id, meId]),
      ...receive.found.map((sticker) => [sticker.id, input.toUserId]),
    ];
    await tx.execute(
      `insert into swap_item (swap_id, sticker_id, giver_id)
       select ?, sticker_id, giver_id
         from unnest(string_to_array(?, ',')::int[], string_to_array(?, ',')::int[]) as i(sticker_id, giver_id)`,
      [swapId, items.map((item) => item[0]).join(','), items.map((item) => item[1]).join(',')],
    );
    await publishSwapEvent(tx, swapId, [meId, input.toUserId]);
    return swapId;
  });
  return readSwap(em, id, meId);
}

type LockedSwap = {
  id: number;
  status: SwapStatus;
  from_user_id: number;
  to_user_id: number;
  album_id: number;
  from_confirmed: boolean;
  to_confirmed: boolean;
};

/**
 * Runs one transition of a swap of mine with its row locked, so two at once (two taps, two devices, both
 * participants) are applied one after the other and the second sees what the first did.
 */
async function transition(
  em: EntityManager,
  swapId: number,
  meId: number,
  apply: (tx: EntityManager, swap: LockedSwap) => Promise<void>,
) {
  await em.transactional(async (tx) => {
    const [swap] = await tx.execute<LockedSwap[]>(
      `select w.id, ${STATUS_SQL} as status, w.from_user_id, w.to_user_id, w.album_id, w.from_confirmed, w.to_confirmed
         from swap w where w.id = ? and (w.from_user_id = ? or w.to_user_id = ?) for update`,
      [swapId, meId, meId],
    );
    if (!swap) throw new DomainError('NOT_FOUND', SWAP_NOT_FOUND_MESSAGE);
    await apply(tx, swap);
    await publishSwapEvent(tx, swapId, [swap.from_user_id, swap.to_user_id]);
  });
  return readSwap(em, swapId, meId);
}

function expect(swap: LockedSwap, ...allowed: SwapStatus[]) {
  if (!allowed.includes(swap.status)) throw new DomainError('CONFLICT', STATUS_MESSAGES[swap.status]);
}

const setStatus = (tx: EntityManager, swapId: number, status: SwapStatus) =>
  tx.execute(`update swap set status = ?, updated_at = now() where id = ?`, [status, swapId]);

/**
 * Locks both participants' collections of the swap's album (lower id first, so two swaps of the same
 * pair never wait on each other crosswise): reservations and completion read and write them.
 */
async function lockCollections(tx: EntityManager, swap: LockedSwap) {
  await tx.execute(
    `select 1 from collection where album_id = ? and user_id in (?, ?) order by user_id for update`,
    [swap.album_id, swap.from_user_id, swap.to_user_id],
  );
}

/** The recipient accepts: every sticker of both sides must still be available; then they are reserved. */
export function acceptSwap(em: EntityManager, swapId: number, meId: number) {
  return transition(em, swapId, meId, async (tx, swap) => {
    expect(swap, 'proposto');
    if (swap.to_user_id !== meId) throw new DomainError('CONFLICT', ONLY_RECIPIENT_MESSAGE);
    await lockCollections(tx, swap);
    const gone = await tx.execute<{ number: string }[]>(
      `select s.number
         from swap_item i
         join sticker s on s.id = i.sticker_id
         join collection g on g.user_id = i.giver_id and g.album_id = s.album_id
         left join sticker_spare sp on sp.user_id = i.giver_id and sp.sticker_id = i.sticker_id
        where i.swap_id = ?
          and (get_bit(g.doubles, s.slot) = 0 or coalesce(sp.spares, 1) <= (
                select count(*) from swap_item o join swap w on w.id = o.swap_id and w.status = 'accettato'
                 where o.giver_id = i.giver_id and o.sticker_id = i.sticker_id))
        order by s.slot`,
      [swapId],
    );
    if (gone.length > 0) throw new DomainError('CONFLICT', unavailableMessage(gone.map((row) => row.number)));
    await setStatus(tx, swapId, 'accettato');
    await refreshReserved(tx, swap.from_user_id, swap.album_id);
    await refreshReserved(tx, swap.to_user_id, swap.album_id);
  });
}

/** The recipient says no to a proposal. */
export function declineSwap(em: EntityManager, swapId: number, meId: number) {
  return transition(em, swapId, meId, async (tx, swap) => {
    expect(swap, 'proposto');
    if (swap.to_user_id !== meId) throw new DomainError('CONFLICT', ONLY_RECIPIENT_MESSAGE);
    await setStatus(tx, swapId, 'rifiutato');
  });
}

/** The proposer withdraws a proposal, or either calls off an accepted swap (its reservations go). */
export function cancelSwap(em: EntityManager, swapId: number, meId: number) {
  return transition(em, swapId, meId, async (tx, swap) => {
    expect(swap, 'proposto', 'accettato');
    if (swap.status === 'proposto' && swap.from_user_id !== meId) {
      throw new DomainError('CONFLICT', ONLY_PROPOSER_CANCELS_MESSAGE);
    }
    await setStatus(tx, swapId, 'annullato');
    if (swap.status === 'accettato') {
      await lockCollections(tx, swap);
      await refreshReserved(tx, swap.from_user_id, swap.album_id);
      await refreshReserved(tx, swap.to_user_id, swap.album_id);
    }
  });
}

/**
 * A participant has the stickers in hand. The second confirmation completes the swap and, in the same
 * transaction, updates both albums (swap-completion.ts).
 */
export function confirmSwap(em: EntityManager, swapId: number, meId: number) {
  return transition(em, swapId, meId, async (tx, swap) => {
    expect(swap, 'accettato');
    const iAmFrom = swap.from_user_id === meId;
    if (iAmFrom ? swap.from_confirmed : swap.to_confirmed) {
      throw new DomainError('CONFLICT', ALREADY_CONFIRMED_MESSAGE);
    }
    await tx.execute(
      `update swap set ${iAmFrom ? 'from_confirmed' : 'to_confirmed'} = true, updated_at = now() where id = ?`,
      [swapId],
    );
    if (iAmFrom ? swap.to_confirmed : swap.from_confirmed) {
      await lockCollections(tx, swap);
      await setStatus(tx, swapId, 'completato');
      await completeSwap(tx, swap);
    }
  });
}
