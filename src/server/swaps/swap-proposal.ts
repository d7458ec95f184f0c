import type { EntityManager } from '@mikro-orm/postgresql';
import { stickerNumberKey } from '../../rpc/schemas/collection.ts';
import { slotProblem } from '../../rpc/schemas/swap-slot-rule.ts';
import { GIVE_REQUIRED_MESSAGE, PROPOSAL_DAYS } from '../../rpc/schemas/swaps.ts';
import { OPEN_PROPOSALS_PER_PAIR, PROPOSALS_PER_DAY } from '../../rpc/schemas/swaps-limits.ts';
import { MINOR_SWAP_ONLY_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { queueAlert, scheduleExpiryReminder } from '../alerts/alert-events.ts';
import { giftsTo } from '../collection/in-regalo.ts';
import { DomainError } from '../domain-error.ts';
import { verifiedSwapPoint } from '../swap-points/swap-points.ts';
import { refuseIfLimited } from '../users/account-limits.ts';
import { assertNotIdentical } from './identical-proposal.ts';
import { assertMaySwapWith, lockActiveParticipants, SWAP_USER_NOT_FOUND_MESSAGE } from './swap-access.ts';
import { publishSwapEvent } from './swap-events.ts';
import { availableSpares, type SpareSticker, unavailableMessage } from './swap-options.ts';
import { readSwap } from './swap-view.ts';

const OPEN_PROPOSALS_MESSAGE = `Hai già ${OPEN_PROPOSALS_PER_PAIR} proposte in attesa con questo collezionista: aspetta la sua risposta`;
const DAILY_PROPOSALS_MESSAGE = `Hai già fatto ${PROPOSALS_PER_DAY} proposte nelle ultime 24 ore: riprova più tardi`;

// Any constant of our own: with the proposer's id, it serialises one collector's proposals on every
// app server, so concurrent proposals are counted one after the other.
const PROPOSALS_LOCK = 72_410_015;

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
 * Refuses (429) a proposal past the limits: OPEN_PROPOSALS_PER_PAIR waiting for the same collector's
 * answer, PROPOSALS_PER_DAY made in the last 24 hours (withdrawn ones too). Counted in PostgreSQL under
 * the proposer's lock, so instances and concurrent requests share one count.
 */
async function assertWithinLimits(tx: EntityManager, meId: number, toUserId: number) {
  await tx.execute('select pg_advisory_xact_lock(?, ?)', [PROPOSALS_LOCK, meId]);
  const [counts] = await tx.execute<{ open: string; today: string }[]>(
    `select count(*) filter (where w.to_user_id = ? and w.status = 'proposto' and w.expires_at > now()) as open,
            count(*) filter (where w.created_at > now() - interval '1 day') as today
       from swap w where w.from_user_id = ? and w.mode = 'online'`,
    [toUserId, meId],
  );
  if (Number(counts?.open) >= OPEN_PROPOSALS_PER_PAIR) {
    throw new DomainError('TOO_MANY_REQUESTS', OPEN_PROPOSALS_MESSAGE);
  }
  if (Number(counts?.today) >= PROPOSALS_PER_DAY) {
    throw new DomainError('TOO_MANY_REQUESTS', DAILY_PROPOSALS_MESSAGE);
  }
}

/** The pair's match, so the proposal has a chat to show in (created once, whoever comes first). */
function openPairChat(tx: EntityManager, meId: number, otherId: number) {
  return tx.execute(
    `insert into match (user_low_id, user_high_id, created_at) values (least(?::int, ?::int), greatest(?::int, ?::int), now())
     on conflict (user_low_id, user_high_id) do nothing`,
    [meId, otherId, meId, otherId],
  );
}

/**
 * Where and when a proposal meets: a verified Punto Scambio and a window in its hours (swap-slot-rule.ts),
 * named by anyone who wants to, and always between an adult and a minor (issue 45, row 4): 400 otherwise.
 */
async function meetingOf(
  em: EntityManager,
  input: { puntoScambioId?: number; slotStart?: Date; slotEnd?: Date },
  adultAndMinor: boolean,
) {
  if (input.puntoScambioId === undefined || !input.slotStart || !input.slotEnd) {
    if (adultAndMinor) throw new DomainError('BAD_REQUEST', MINOR_SWAP_ONLY_MESSAGE);
    return undefined;
  }
  const point = await verifiedSwapPoint(em, input.puntoScambioId);
  const problem = slotProblem({ start: input.slotStart, end: input.slotEnd }, point.openingHours);
  if (problem) throw new DomainError('BAD_REQUEST', problem);
  return { swapPointId: point.id, slotStart: input.slotStart, slotEnd: input.slotEnd };
}

/**
 * Refuses (400) a proposal that gives nothing, unless it asks for a gift: the other's doubles of the album
 * are in regalo and we are on the same side of the age line (collection/in-regalo.ts, issue 49, row 5).
 */
async function assertGivesOrAsksAGift(
  em: EntityManager,
  meId: number,
  input: { toUserId: number; albumId: number; give: string[] },
) {
  if (input.give.length > 0) return;
  const gifts = await giftsTo(em, meId, input.albumId, [input.toUserId]);
  if (!gifts.has(input.toUserId)) throw new DomainError('BAD_REQUEST', GIVE_REQUIRED_MESSAGE);
}

/**
 * A proposal: `give` must be my available spares they miss (none when I ask for a gift), `receive` their
 * available spares I miss; otherwise 409 naming the numbers. It reserves nothing, and opens the pair's chat
 * if they had none.
 */
export async function proposeSwap(
  em: EntityManager,
  meId: number,
  input: {
    toUserId: number;
    albumId: number;
    give: string[];
    receive: string[];
    puntoScambioId?: number;
    slotStart?: Date;
    slotEnd?: Date;
  },
) {
  await findAlbumOrFail(em, input.albumId);
  await refuseIfLimited(em, meId);
  const { adultAndMinor } = await assertMaySwapWith(em, meId, input.toUserId);
  // Only once I may swap with them: asked before, a stranger's 400 or 403 told whose doubles are in regalo.
  await assertGivesOrAsksAGift(em, meId, input);
  const meeting = await meetingOf(em, input, adultAndMinor);
  const give = pick(input.give, await availableSpares(em, meId, input.toUserId, input.albumId));
  const receive = pick(input.receive, await availableSpares(em, input.toUserId, meId, input.albumId));
  const missing = [...give.missing, ...receive.missing];
  if (missing.length > 0) throw new DomainError('CONFLICT', unavailableMessage(missing));
  const id = await em.transactional(async (tx) => {
    await assertWithinLimits(tx, meId, input.toUserId);
    const users = await lockActiveParticipants(tx, [meId, input.toUserId]);
    if (users.length < 2) throw new DomainError('NOT_FOUND', SWAP_USER_NOT_FOUND_MESSAGE);
    const toNickname = users.find((user) => user.id === input.toUserId)?.nickname ?? '';
    await assertNotIdentical(tx, { fromUserId: meId, toNickname, ...input }, [
      ...give.found.map((sticker) => ({ stickerId: sticker.id, giverId: meId })),
      ...receive.found.map((sticker) => ({ stickerId: sticker.id, giverId: input.toUserId })),
    ]);
    // A proposal naming a meeting waits for an answer until the meeting starts at the latest.
    const [swap] = await tx.execute<{ id: number; expires_at: Date }[]>(
      `insert into swap (from_user_id, to_user_id, album_id, status, expires_at, swap_point_id, slot_start, slot_end)
       values (?, ?, ?, 'proposto', least(now() + make_interval(days => ?), coalesce(?::timestamptz, 'infinity')), ?, ?, ?)
       returning id, expires_at`,
      [
        meId,
        input.toUserId,
        input.albumId,
        PROPOSAL_DAYS,
        meeting?.slotStart ?? null,
        meeting?.swapPointId ?? null,
        meeting?.slotStart ?? null,
        meeting?.slotEnd ?? null,
      ],
    );
    const swapId = (swap as { id: number }).id;
    await openPairChat(tx, meId, input.toUserId);
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
    await queueAlert(tx, { kind: 'proposal', swapId, recipientId: input.toUserId });
    await scheduleExpiryReminder(tx, swapId, new Date((swap as { expires_at: Date }).expires_at));
    return swapId;
  });
  return readSwap(em, id, meId);
}
