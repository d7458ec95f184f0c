/**
 * Punti Scambio (issue 45, row 9): public places where collectors meet to swap — an edicola, a library, an
 * oratorio's courtyard, never a private home. Admins keep the list; collectors suggest places, which wait
 * as 'proposto' until an admin verifies them. A swap between an adult and a minor meets at a verified one,
 * within its opening hours (swap-slot-rule.ts).
 */
import { z } from '../zod.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';
import { capSchema, comuneSchema, radiusKmQuery } from './users.ts';

export const SWAP_POINT_KINDS = [
  'edicola',
  'cartolibreria',
  'biblioteca',
  'oratorio',
  'negozio',
  'piazza',
] as const;
export type SwapPointKind = (typeof SWAP_POINT_KINDS)[number];
export const SWAP_POINT_KIND_LABELS: Record<SwapPointKind, string> = {
  edicola: 'Edicola',
  cartolibreria: 'Cartolibreria',
  biblioteca: 'Biblioteca',
  oratorio: 'Oratorio',
  negozio: 'Negozio',
  piazza: 'Piazza',
};

/** 'proposto' by a collector until an admin verifies it; 'chiuso' no longer offered. */
export const SWAP_POINT_STATES = ['proposto', 'verificato', 'chiuso'] as const;
export type SwapPointState = (typeof SWAP_POINT_STATES)[number];

/** Monday is 1, as Italy's week starts. */
export const WEEKDAY_NAMES = [
  'lunedì',
  'martedì',
  'mercoledì',
  'giovedì',
  'venerdì',
  'sabato',
  'domenica',
] as const;

export const SWAP_POINT_NAME_MAX = 80;
export const SWAP_POINT_ADDRESS_MAX = 120;
export const SWAP_POINT_NOTE_MAX = 300;
/** A week of opening hours: at most three openings a day. */
export const OPENING_INTERVALS_MAX = 21;
/** What the list near me answers at most, nearest first. */
export const SWAP_POINTS_LISTED_MAX = 50;

const TIME_MESSAGE = 'Orario non valido: usa il formato HH:MM';
const time = text(5, TIME_MESSAGE, { error: TIME_MESSAGE }).regex(
  /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/,
  TIME_MESSAGE,
);

/** One opening on one weekday: `opens` to `closes`, Italian time, the same day. */
export const openingIntervalSchema = z
  .strictObject({
    day: z
      .number({ error: 'Giorno non valido: da 1 (lunedì) a 7 (domenica)' })
      .int('Giorno non valido: da 1 (lunedì) a 7 (domenica)')
      .min(1, 'Giorno non valido: da 1 (lunedì) a 7 (domenica)')
      .max(7, 'Giorno non valido: da 1 (lunedì) a 7 (domenica)'),
    opens: time,
    closes: time,
  })
  .refine((interval) => interval.opens < interval.closes, {
    message: "L'orario di chiusura deve venire dopo quello di apertura",
  });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

export const openingHoursSchema = z
  .array(openingIntervalSchema, { error: 'Orari di apertura non validi' })
  .max(OPENING_INTERVALS_MAX, `Al massimo ${OPENING_INTERVALS_MAX} fasce di apertura a settimana`);

const fields = {
  name: text(SWAP_POINT_NAME_MAX, `Il nome non può superare ${SWAP_POINT_NAME_MAX} caratteri`, {
    error: 'Il nome è obbligatorio',
    trim: true,
  }).min(2, 'Il nome è obbligatorio'),
  kind: z.enum(SWAP_POINT_KINDS, {
    error: 'Tipo di luogo non valido: edicola, cartolibreria, biblioteca, oratorio, negozio o piazza',
  }),
  address: text(SWAP_POINT_ADDRESS_MAX, `L'indirizzo non può superare ${SWAP_POINT_ADDRESS_MAX} caratteri`, {
    error: "L'indirizzo è obbligatorio",
    trim: true,
  }).min(3, "L'indirizzo è obbligatorio"),
  cap: capSchema,
  comune: comuneSchema.optional(),
  openingHours: openingHoursSchema.default([]),
  note: text(SWAP_POINT_NOTE_MAX, `La nota non può superare ${SWAP_POINT_NOTE_MAX} caratteri`, {
    trim: true,
  }).default(''),
};

/** A collector's suggestion (`POST /api/punti-scambio`): a public place, 'proposto' until verified. */
export const suggestSwapPointInput = z.strictObject(fields);

const stateSchema = z.enum(SWAP_POINT_STATES, { error: 'Stato non valido: proposto, verificato o chiuso' });

/** The admin's new place, verified at once unless they say otherwise. */
export const createSwapPointInput = z.strictObject({ ...fields, state: stateSchema.default('verificato') });
/** The admin's edit of a place, its state included ('verificato' to accept a suggestion, 'chiuso'). */
export const updateSwapPointInput = z.strictObject({
  id: recordId('Punto Scambio non valido'),
  ...fields,
  state: stateSchema,
});

export const swapPointIdInput = z.strictObject({ id: recordId('Punto Scambio non valido') });

/**
 * The verified places near me, nearest first (REST: `?radiusKm=`, my radius when absent); with
 * `withUserId`, only those near both of us (where a proposal to them may meet).
 */
export const swapPointsNearInput = z
  .strictObject({
    radiusKm: radiusKmQuery.optional(),
    withUserId: recordId('Utente non valido').optional(),
  })
  .optional();

export const adminSwapPointsInput = z.strictObject({ state: stateSchema.optional() }).optional();

const swapPointShape = {
  id: z.number(),
  name: z.string(),
  kind: z.enum(SWAP_POINT_KINDS),
  address: z.string(),
  cap: z.string(),
  /** The comune's name, as people say it. */
  comune: z.string().nullable(),
  openingHours: z.array(z.object({ day: z.number(), opens: z.string(), closes: z.string() })),
  note: z.string(),
  state: z.enum(SWAP_POINT_STATES),
};

/** A place as a collector sees it: with its distance from them, rounded to 0.1 km. */
export const swapPointOutput = z.object({ ...swapPointShape, distanceKm: z.number().nullable() });
export const swapPointsOutput = z.array(swapPointOutput);
export type SwapPointView = z.infer<typeof swapPointOutput>;

/** A place as the admin sees it: who suggested it, when. */
export const adminSwapPointOutput = z.object({
  ...swapPointShape,
  suggestedBy: z.string().nullable(),
  createdAt: z.string(),
});
export const adminSwapPointsOutput = z.array(adminSwapPointOutput);
