/**
 * Raduni (issue 46): meets at a verified Punto Scambio — a place's weekly opening, a dated raduno, a large
 * event — for some albums. Who goes says whether they share their lists; the phone downloads, before leaving
 * home, only the stickers useful between it and the best of those who share (its pool).
 */
import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { isoInstant } from './iso-instant.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';
import { radiusKmQuery } from './users.ts';

export const RADUNO_KINDS = ['apertura', 'raduno', 'evento'] as const;
export type RadunoKind = (typeof RADUNO_KINDS)[number];

export const RADUNO_TITLE_MAX = 80;
export const RADUNO_ALBUMS_MAX = 5;
export const RADUNO_TABLES_MAX = 500;
export const TABLE_LABEL_MAX = 20;
/** A meet lasts at most three days, and is announced at most a year ahead. */
export const RADUNO_HOURS_MAX = 72;
export const RADUNO_DAYS_AHEAD_MAX = 365;
/** The coming meets near me, at most, soonest first. */
export const RADUNI_LISTED_MAX = 50;
/** The places offered in 'Annuncia un raduno', at most. */
export const RADUNO_PLACES_MAX = 500;
/** A pool: the best attendees for me, each with at most this many stickers each way (issue 46, row 3). */
export const POOL_ATTENDEES_MAX = 150;
export const POOL_STICKERS_MAX = 60;
/** The pool can be downloaded from this many hours before the start to the end. */
export const POOL_HOURS_BEFORE = 48;
/** A meet's participation, check-ins and counts are deleted this many days after its end (row 7). */
export const RADUNO_KEPT_DAYS = 7;
/** Phones drop their pool this many hours after the end. */
export const POOL_KEPT_HOURS_AFTER = 2;
/** A check-in counts from this many minutes before the start (people queue at the door). */
export const CHECK_IN_EARLY_MINUTES = 60;
/** 'Le più cercate qui': this many stickers each way, counted only once this many others share. */
export const MOST_WANTED_MAX = 30;
export const MOST_WANTED_SHARERS_MIN = 5;

export const radunoIdSchema = recordId('Raduno non valido');
export const radunoIdInput = z.strictObject({ id: radunoIdSchema });

/** 'Annuncia un raduno': where, what, when and for which albums. */
export const createRadunoInput = z
  .strictObject({
    puntoScambioId: recordId('Punto Scambio non valido'),
    title: text(RADUNO_TITLE_MAX, `Il titolo non può superare ${RADUNO_TITLE_MAX} caratteri`, {
      trim: true,
      error: 'Il titolo è obbligatorio',
    }).min(1, 'Il titolo è obbligatorio'),
    kind: z.enum(RADUNO_KINDS, { error: 'Tipo non valido: apertura, raduno o evento' }).default('raduno'),
    start: isoInstant,
    end: isoInstant,
    albumIds: z
      .array(albumIdSchema, { error: 'Indica gli album del raduno' })
      .min(1, 'Indica almeno un album')
      .max(RADUNO_ALBUMS_MAX, `Al massimo ${RADUNO_ALBUMS_MAX} album per raduno`),
    tables: z
      .number({ error: 'Numero di tavoli non valido' })
      .int('Numero di tavoli non valido')
      .min(1, 'Numero di tavoli non valido')
      .max(RADUNO_TABLES_MAX, `Al massimo ${RADUNO_TABLES_MAX} tavoli`)
      .optional(),
  })
  .superRefine((input, ctx) => {
    // A time that did not parse has said so already (zod runs this refinement all the same).
    if (!(input.start instanceof Date && input.end instanceof Date)) return;
    const hours = (input.end.getTime() - input.start.getTime()) / 3_600_000;
    if (hours <= 0) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: "La fine deve venire dopo l'inizio" });
    } else if (hours > RADUNO_HOURS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Un raduno dura al massimo 3 giorni' });
    }
  });

export const radunoListInput = z
  .strictObject({
    radiusKm: radiusKmQuery.optional(),
  })
  .optional();

/** 'Ci vado': going or not, sharing my lists with the others who go, and my table or badge. */
export const participateInput = z.strictObject({
  id: radunoIdSchema,
  ciVado: z.boolean({ error: 'Indica se ci vai (ciVado)' }),
  condividi: z.boolean({ error: 'Indica se condividi le tue liste (condividi)' }).optional(),
  tavolo: text(TABLE_LABEL_MAX, `Il tavolo non può superare ${TABLE_LABEL_MAX} caratteri`, {
    trim: true,
  }).optional(),
  /** 'qui ora' beside my row in the others' pools once I check in (an adult's choice; never a minor's). */
  mostraQui: z.boolean({ error: 'Indica se mostrare che sei qui (mostraQui)' }).optional(),
});

const CHECK_IN_TOKEN_MESSAGE = 'Codice del raduno non valido';
const CHECK_IN_AT_MESSAGE = "Ora dell'arrivo non valida";
/**
 * A check-in by the place's printed QR: its token (from the page's fragment) and when the phone scanned it,
 * in epoch seconds — sent at the next connection when the square had no signal.
 */
export const checkInInput = z.strictObject({
  id: radunoIdSchema,
  token: text(32, CHECK_IN_TOKEN_MESSAGE, { error: CHECK_IN_TOKEN_MESSAGE }).regex(
    /^[0-9a-f]{32}$/,
    CHECK_IN_TOKEN_MESSAGE,
  ),
  at: z.int({ error: CHECK_IN_AT_MESSAGE }).positive(CHECK_IN_AT_MESSAGE),
});

export const poolInput = z.strictObject({ id: radunoIdSchema, albumId: albumIdSchema.optional() });

export const organiserInput = z.strictObject({
  id: recordId('Punto Scambio non valido'),
  userId: recordId('Utente non valido'),
});

export const radunoView = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(RADUNO_KINDS),
  start: z.string(),
  end: z.string(),
  tables: z.number().int().nullable(),
  cancelled: z.boolean(),
  place: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    comune: z.string().nullable(),
  }),
  /** From me, in km (to a minor's or about a minor nothing finer is needed: a place is public). */
  distanceKm: z.number().nullable(),
  albums: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  going: z.number().int(),
  mine: z
    .strictObject({
      condividi: z.boolean(),
      tavolo: z.string(),
      mostraQui: z.boolean(),
      /** When my check-in arrived (ISO), null before. */
      arrivato: z.string().nullable(),
    })
    .nullable(),
  /** Whether I may cancel it, print its QR and see its counts (an admin or the place's organiser). */
  organiser: z.boolean(),
  /** The printed QR's token: to the organiser only. */
  checkInToken: z.string().nullable(),
});
export const radunoListOutput = z.array(radunoView);

/** One attendee of my pool: never their whole album, only what is useful between us. */
export const poolEntry = z.strictObject({
  /** A name for this pool only: it opens nothing anywhere else. */
  attendee: z.string(),
  /** Null for a minor seen by an adult: 'un collezionista al tavolo N'. */
  nickname: z.string().nullable(),
  tavolo: z.string(),
  /** Sticker numbers they can give me, and I them, in the album's order (at most POOL_STICKERS_MAX). */
  tiDa: z.array(z.string()),
  gliDai: z.array(z.string()),
  /** The full counts, when a list was cut. */
  tiDaCount: z.number().int(),
  gliDaiCount: z.number().int(),
  /** Checked in and showing it, during the meet: 'qui ora' (never for a minor). */
  qui: z.boolean(),
});
export const poolOutput = z.strictObject({
  raduno: z.number().int(),
  /** The meet's end: the phone drops the pool POOL_KEPT_HOURS_AFTER hours after it. */
  end: z.string(),
  album: z.strictObject({ id: z.number().int(), name: z.string() }),
  builtAt: z.string(),
  entries: z.array(poolEntry),
});

/** 'Le più cercate qui': counts among those who share, never names. */
const stickerCount = z.strictObject({ number: z.string(), name: z.string(), count: z.number().int() });
export const mostWantedOutput = z.strictObject({
  album: z.strictObject({ id: z.number().int(), name: z.string() }),
  sharers: z.number().int(),
  cercate: z.array(stickerCount),
  offerte: z.array(stickerCount),
});

/** 'Com'è andata?': the swaps I recorded at the meet, to rate or report. */
export const radunoSwapsOutput = z.array(
  z.strictObject({
    swapId: z.number().int(),
    otherId: z.number().int(),
    otherNickname: z.string(),
    gave: z.number().int(),
    received: z.number().int(),
    rated: z.boolean(),
  }),
);

/** 'Annuncia un raduno': where I may announce one. */
export const announcePlacesOutput = z.array(
  z.strictObject({ id: z.number().int(), name: z.string(), comune: z.string() }),
);

export type CreateRadunoInput = z.infer<typeof createRadunoInput>;
export type RadunoView = z.infer<typeof radunoView>;
export type PoolEntry = z.infer<typeof poolEntry>;
