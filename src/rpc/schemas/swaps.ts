/** Swaps between two collectors: proposals, reservations, confirmations and ratings (docs/decisions/015). */

import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { isoInstant } from './iso-instant.ts';
import { recordId } from './record-id.ts';
import { STICKER_NUMBER_MAX, stickerKindSchema } from './stickers.ts';
import { CANCEL_REASON_MAX } from './swaps-limits.ts';
import { text } from './text.ts';

export const SWAP_STATUSES = [
  'proposto',
  'accettato',
  'rifiutato',
  'annullato',
  'completato',
  'scaduto',
  'non_completato',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** How a swap was agreed: proposed and confirmed in the app, or made at a table and recorded afterwards. */
export const SWAP_MODES = ['online', 'dal_vivo'] as const;
export type SwapMode = (typeof SWAP_MODES)[number];

/** Stickers on each side of one swap. */
export const SWAP_SIDE_MAX = 50;
/** How many ended swaps a list returns, newest first, besides every open one. */
export const ENDED_SWAPS_LISTED_MAX = 100;
/** Days a proposal waits for an answer before it is 'scaduto'. */
export const PROPOSAL_DAYS = 7;
export const RATING_COMMENT_MAX = 500;

export const swapIdSchema = recordId('Scambio non valido');
const userIdSchema = recordId('Utente non valido');

const stickerNumber = text(STICKER_NUMBER_MAX, 'Numero di figurina non valido', {
  error: 'Numero di figurina non valido',
  trim: true,
}).min(1, 'Numero di figurina non valido');

/** A sticker's number as printed ('ITA 3', '12'); a JSON number (12) is read as its text. */
const stickerNumberOrInteger = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value),
  stickerNumber,
);

const side = (what: string) =>
  z
    .array(stickerNumberOrInteger, { error: `Indica le figurine che ${what}` })
    .max(SWAP_SIDE_MAX, `Al massimo ${SWAP_SIDE_MAX} figurine per parte`);

/**
 * An empty `give` asks for a gift: the server allows it only when the other's doubles of the album are in
 * regalo and we are on the same side of the age line (issue 49, row 5); otherwise it answers this, 400.
 */
export const GIVE_REQUIRED_MESSAGE = 'Indica almeno una figurina che dai';

export const MEETING_FIELDS_MESSAGE = "Indica il Punto Scambio con l'inizio e la fine della fascia oraria";

/**
 * A proposal: sticker numbers of the album, mine to give (none for a gift) and theirs to receive; where and
 * when we meet, a verified Punto Scambio and a window in its opening hours (required between an adult and a
 * minor, issue 45, row 4; anyone may name one).
 */
export const proposeSwapInput = z
  .strictObject({
    toUserId: userIdSchema,
    albumId: albumIdSchema,
    give: side('dai'),
    receive: side('ricevi').min(1, 'Indica almeno una figurina che ricevi'),
    puntoScambioId: recordId('Punto Scambio non valido').optional(),
    slotStart: isoInstant.optional(),
    slotEnd: isoInstant.optional(),
  })
  .refine(
    (input) =>
      (input.puntoScambioId === undefined) === (input.slotStart === undefined) &&
      (input.slotStart === undefined) === (input.slotEnd === undefined),
    { message: MEETING_FIELDS_MESSAGE },
  );

const STATUS_MESSAGE = `Stato non valido: usa ${SWAP_STATUSES.join(', ')}`;
export const swapStatusSchema = z.enum(SWAP_STATUSES, { error: STATUS_MESSAGE });

/**
 * My swaps, both directions, newest first: every open one and the newest ENDED_SWAPS_LISTED_MAX others;
 * optionally of one status or with one collector.
 */
export const listSwapsInput = z
  .strictObject({
    status: swapStatusSchema.optional(),
    withUserId: userIdSchema.optional(),
  })
  .optional();

/** One swap of mine (accept, decline, confirm take the same). */
export const swapInput = z.strictObject({ id: swapIdSchema });

/** Calling a swap off, with an optional reason the other collector reads in the pair's chat. */
export const cancelSwapInput = z.strictObject({
  id: swapIdSchema,
  reason: text(CANCEL_REASON_MAX, `Il motivo non può superare ${CANCEL_REASON_MAX} caratteri`, {
    trim: true,
  }).optional(),
});

const STARS_MESSAGE = 'Il voto va da 1 a 5 stelle';
export const rateSwapInput = z.strictObject({
  id: swapIdSchema,
  stars: z.coerce
    .number({ error: STARS_MESSAGE })
    .int(STARS_MESSAGE)
    .min(1, STARS_MESSAGE)
    .max(5, STARS_MESSAGE),
  comment: text(RATING_COMMENT_MAX, `Il commento non può superare ${RATING_COMMENT_MAX} caratteri`, {
    trim: true,
  }).optional(),
});

/** What I could swap with a collector now: my available spares they miss, their available spares I miss. */
export const swapOptionsInput = z.strictObject({ userId: userIdSchema, albumId: albumIdSchema });

export const reputationInput = z.strictObject({ userId: userIdSchema });

const swapSticker = z.strictObject({ number: z.string(), name: z.string() });
const swapUser = z.strictObject({ id: z.int(), nickname: z.string() });

/**
 * One swap. `give` and `receive` are as the proposer (`from`) sees them: `give` goes from `from` to `to`.
 * `expiresAt` is the deadline of the current step: a proposal unanswered past it reads 'scaduto', an
 * accepted swap not confirmed by both past it (14 days from acceptance) 'non_completato'. `confirmedBy`:
 * who confirmed receiving; `matchId`: the pair's chat, which their first proposal opens;
 * `myRating`: the stars I gave, once I rated; `canRate`: I may rate it now; `unavailable`: on a proposal,
 * the numbers no longer available (it can no longer be accepted as it is). `mode` 'dal_vivo': made at a
 * table and recorded by the phones (swaps-in-person.ts); `from` picked the stickers, and `confirmedBy`
 * says whose phones have recorded it (the other's record alone is never shown: docs/decisions/035);
 * `farApart`: recorded while the two lived farther apart than either's radius, so it counts for nothing;
 * `meeting`: the Punto Scambio and time window the proposal named, if it named one.
 */
/** Where and when the two meet: a Punto Scambio and a window in its hours (ISO 8601). */
const swapMeeting = z.strictObject({
  puntoScambioId: z.int(),
  name: z.string(),
  address: z.string(),
  comune: z.string().nullable(),
  slotStart: z.string(),
  slotEnd: z.string(),
});

export const swapOutput = z.strictObject({
  id: z.int(),
  status: swapStatusSchema,
  mode: z.enum(SWAP_MODES),
  albumId: z.int(),
  albumName: z.string(),
  matchId: z.int().nullable(),
  from: swapUser,
  to: swapUser,
  give: z.array(swapSticker),
  receive: z.array(swapSticker),
  createdAt: z.string(),
  expiresAt: z.string(),
  confirmedBy: z.array(z.int()),
  myRating: z.int().min(1).max(5).nullable(),
  canRate: z.boolean(),
  unavailable: z.array(z.string()),
  farApart: z.boolean(),
  meeting: swapMeeting.nullable(),
});
export type SwapView = z.infer<typeof swapOutput>;
export const swapsOutput = z.array(swapOutput);

/**
 * The chooser's lists, in number order: what I may give (`give`, each with the collectors an open swap of
 * mine already offers it to) and receive (`receive`) now, each sticker with its kind; `mixKinds`: my
 * saved 'Scambia anche speciali con normali', by which the chooser starts from like-for-like pairs.
 */
const optionSticker = swapSticker.extend({ kind: stickerKindSchema });
export const swapOptionsOutput = z.strictObject({
  give: z.array(optionSticker.extend({ offeredTo: z.array(z.string()) })),
  receive: z.array(optionSticker),
  meetingRequired: z.boolean(),
  mixKinds: z.boolean(),
  /** Their doubles are in regalo for me (issue 49, row 5): the proposal may give nothing. */
  gift: z.boolean(),
});

/** How many swaps wait for me: proposals to me unanswered, accepted swaps I have not confirmed. */
export const swapsWaitingOutput = z.strictObject({ count: z.int() });

/**
 * A collector's standing: each rater counts once, with their latest rating. `average`: mean of those
 * stars (null before any rating); `ratings`: how many different collectors rated; `completedSwaps`: swaps
 * that really happened, counted once per partner a week (docs/decisions/035), `inPersonSwaps` of them made
 * in person.
 */
export const reputationOutput = z.strictObject({
  average: z.number().nullable(),
  ratings: z.int(),
  completedSwaps: z.int(),
  inPersonSwaps: z.int(),
});

/** My promises in an album: the stickers accepted swaps have me give, with the swap and to whom. */
export const swapPromisesInput = z.strictObject({ albumId: albumIdSchema });
export const swapPromisesOutput = z.array(
  z.strictObject({ stickerId: z.int(), swapId: z.int(), nickname: z.string() }),
);
