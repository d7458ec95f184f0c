import type { EntityManager } from '@mikro-orm/postgresql';
import type { SwapStatus } from '../../rpc/schemas/swaps.ts';
import { COMPLETION_DAYS } from '../../rpc/schemas/swaps-limits.ts';
import { queueAlert, scheduleExpiryReminder } from '../alerts/alert-events.ts';
import { sendMessage } from '../chat/messages.ts';
import { refreshReserved } from '../collection/reserved.ts';
import { DomainError } from '../domain-error.ts';
import { goneItems } from './gone-items.ts';
import { lockActiveParticipants } from './swap-access.ts';
import { completeSwap } from './swap-completion.ts';
import { publishSwapEvent } from './swap-events.ts';
import { unavailableMessage } from './swap-options.ts';
import { readSwap, STATUS_SQL, SWAP_NOT_FOUND_MESSAGE } from './swap-view.ts';

/** The 409 of a transition the swap's status does not allow. */
const STATUS_MESSAGES: Record<SwapStatus, string> = {
  proposto: 'La proposta non è ancora stata accettata',
  accettato: 'Lo scambio è già stato accettato',
  rifiutato: 'La proposta è stata rifiutata',
  annullato: 'Lo scambio è stato annullato',
  completato: 'Lo scambio è già completato',
  scaduto: 'La proposta è scaduta',
  non_completato: `Lo scambio non è stato completato entro ${COMPLETION_DAYS} giorni`,
};
const ONLY_RECIPIENT_MESSAGE = 'Solo chi riceve la proposta può accettarla o rifiutarla';
const ONLY_PROPOSER_CANCELS_MESSAGE = 'Solo chi ha fatto la proposta può ritirarla prima che sia accettata';
const ALREADY_CONFIRMED_MESSAGE = 'Hai già confermato di aver ricevuto le figurine';
const CONFIRMED_NO_CANCEL_MESSAGE =
  'Hai confermato di aver ricevuto le figurine: lo scambio non si può più annullare';
const OTHER_CONFIRMED_MESSAGE = (nickname: string) =>
  `${nickname} ha già confermato di aver ricevuto le figurine: puoi confermare anche tu o segnalarlo`;

type LockedSwap = {
  id: number;
  /** The other participant's nickname, for messages. */
  other_nickname: string;
  status: SwapStatus;
  from_user_id: number;
  to_user_id: number;
  album_id: number;
  from_confirmed: boolean;
  to_confirmed: boolean;
};

/**
 * Runs one transition of a swap of mine with its row locked, so two at once (two taps, two devices, both
 * participants) are applied one after the other and the second sees what the first did. Both participants
 * must still be active (409), their rows locked first against a concurrent deactivation.
 */
async function transition(
  em: EntityManager,
  swapId: number,
  meId: number,
  apply: (tx: EntityManager, swap: LockedSwap) => Promise<void>,
) {
  await em.transactional(async (tx) => {
    const [participants] = await tx.execute<{ from_user_id: number; to_user_id: number }[]>(
      'select from_user_id, to_user_id from swap where id = ? and (from_user_id = ? or to_user_id = ?)',
      [swapId, meId, meId],
    );
    if (!participants) throw new DomainError('NOT_FOUND', SWAP_NOT_FOUND_MESSAGE);
    const users = await lockActiveParticipants(tx, [participants.from_user_id, participants.to_user_id]);
    const [swap] = await tx.execute<Omit<LockedSwap, 'other_nickname'>[]>(
      `select w.id, ${STATUS_SQL} as status, w.from_user_id, w.to_user_id, w.album_id, w.from_confirmed, w.to_confirmed
         from swap w where w.id = ? for update`,
      [swapId],
    );
    if (!swap) throw new DomainError('NOT_FOUND', SWAP_NOT_FOUND_MESSAGE);
    const otherId = swap.from_user_id === meId ? swap.to_user_id : swap.from_user_id;
    const other = users.find((user) => user.id === otherId)?.nickname ?? '';
    await apply(tx, { ...swap, other_nickname: other });
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
    const gone = await goneItems(tx, [swapId]);
    if (gone.length > 0) throw new DomainError('CONFLICT', unavailableMessage(gone.map((row) => row.number)));
    // From now on `expires_at` is the deadline for both confirmations.
    const [accepted] = await tx.execute<{ expires_at: Date }[]>(
      `update swap set status = 'accettato', expires_at = now() + make_interval(days => ?), updated_at = now()
        where id = ? returning expires_at`,
      [COMPLETION_DAYS, swapId],
    );
    await refreshReserved(tx, swap.from_user_id, swap.album_id);
    await refreshReserved(tx, swap.to_user_id, swap.album_id);
    await queueAlert(tx, { kind: 'answer', swapId, recipientId: swap.from_user_id, outcome: 'accettato' });
    if (accepted) await scheduleExpiryReminder(tx, swapId, new Date(accepted.expires_at));
  });
}

/** The recipient says no to a proposal. */
export function declineSwap(em: EntityManager, swapId: number, meId: number) {
  return transition(em, swapId, meId, async (tx, swap) => {
    expect(swap, 'proposto');
    if (swap.to_user_id !== meId) throw new DomainError('CONFLICT', ONLY_RECIPIENT_MESSAGE);
    await setStatus(tx, swapId, 'rifiutato');
    await queueAlert(tx, { kind: 'answer', swapId, recipientId: swap.from_user_id, outcome: 'rifiutato' });
  });
}

/**
 * The proposer withdraws a proposal, or either calls off an accepted swap (its reservations go) as long as
 * neither has confirmed receipt: after that a cancel would leave the side that received nothing unable to
 * rate the other, so the swap either completes or ends 'non_completato' (docs/decisions/015).
 */
export function cancelSwap(em: EntityManager, swapId: number, meId: number, reason?: string) {
  return transition(em, swapId, meId, async (tx, swap) => {
    expect(swap, 'proposto', 'accettato');
    if (swap.status === 'proposto' && swap.from_user_id !== meId) {
      throw new DomainError('CONFLICT', ONLY_PROPOSER_CANCELS_MESSAGE);
    }
    const iAmFrom = swap.from_user_id === meId;
    if (iAmFrom ? swap.from_confirmed : swap.to_confirmed) {
      throw new DomainError('CONFLICT', CONFIRMED_NO_CANCEL_MESSAGE);
    }
    if (iAmFrom ? swap.to_confirmed : swap.from_confirmed) {
      throw new DomainError('CONFLICT', OTHER_CONFIRMED_MESSAGE(swap.other_nickname));
    }
    await setStatus(tx, swapId, 'annullato');
    await queueAlert(tx, {
      kind: 'answer',
      swapId,
      recipientId: iAmFrom ? swap.to_user_id : swap.from_user_id,
      outcome: swap.status === 'proposto' ? 'ritirato' : 'annullato',
    });
    if (swap.status === 'accettato') {
      await lockCollections(tx, swap);
      await refreshReserved(tx, swap.from_user_id, swap.album_id);
      await refreshReserved(tx, swap.to_user_id, swap.album_id);
    }
    if (reason) await tellInChat(tx, swap, meId, `Ho annullato lo scambio: ${reason}`);
  });
}

/** A message from me in the pair's chat (a proposal opened it), in the transition's transaction. */
async function tellInChat(tx: EntityManager, swap: LockedSwap, meId: number, content: string) {
  const [match] = await tx.execute<{ id: number }[]>(
    `select id from match where user_low_id = least(?::int, ?::int) and user_high_id = greatest(?::int, ?::int)`,
    [swap.from_user_id, swap.to_user_id, swap.from_user_id, swap.to_user_id],
  );
  if (match) await sendMessage(tx, match.id, meId, content, { composed: true });
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
    const completed = iAmFrom ? swap.to_confirmed : swap.from_confirmed;
    if (completed) {
      await lockCollections(tx, swap);
      await tx.execute(
        `update swap set status = 'completato', completed_at = now(), updated_at = now() where id = ?`,
        [swapId],
      );
      await completeSwap(tx, swap);
    }
    const otherId = iAmFrom ? swap.to_user_id : swap.from_user_id;
    await queueAlert(tx, { kind: 'confirmation', swapId, recipientId: otherId, completed });
  });
}
