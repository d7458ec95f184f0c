import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { BULK_MAX } from './collection-limits.ts';
import { STICKER_NUMBER_MAX, stickerIdSchema } from './stickers.ts';
import { text } from './text.ts';

export const STICKER_STATUSES = ['no', 'yes', 'double'] as const;
export type StickerStatus = (typeof STICKER_STATUSES)[number];

export const STATUS_MESSAGE = 'Stato non valido: usa no, yes o double';
export const stickerStatusSchema = z.enum(STICKER_STATUSES, { error: STATUS_MESSAGE });

/** Fast entry: the typed text, and the numbers it may name. */
export const STICKER_NUMBERS_TEXT_MAX = 5000;
export const STICKER_NUMBERS_MAX = 1000;

const TAPPED_AT_MESSAGE = 'Orario della modifica non valido';
/**
 * When the collector tapped, in epoch milliseconds by the device's clock (a tap queued offline arrives
 * later). For each sticker the latest tap wins; the server bounds this time (decision 013) and, without
 * it, takes its own.
 */
const tappedAtSchema = z.int({ error: TAPPED_AT_MESSAGE }).positive({ error: TAPPED_AT_MESSAGE });

/** Spare copies of a double: how many I could give away (docs/decisions/015). */
export const SPARES_MAX = 99;
const SPARES_MESSAGE = `Le copie doppie vanno da 1 a ${SPARES_MAX}`;
export const sparesSchema = z.coerce
  .number({ error: SPARES_MESSAGE })
  .int(SPARES_MESSAGE)
  .min(1, SPARES_MESSAGE)
  .max(SPARES_MAX, SPARES_MESSAGE);

/** One tap; `spares` (default 1) counts only for 'double'. */
export const setStickerStatusInput = z.strictObject({
  stickerId: stickerIdSchema,
  status: stickerStatusSchema,
  spares: sparesSchema.optional(),
  tappedAt: tappedAtSchema.optional(),
});

/** Fast entry: numbers as typed (`1-20, 35, ITA 3`) or sticker ids, all set to one status at once. */
export const bulkStatusInput = z
  .strictObject({
    albumId: albumIdSchema,
    numbers: text(STICKER_NUMBERS_TEXT_MAX, 'Elenco di numeri troppo lungo').optional(),
    stickerIds: z
      .array(stickerIdSchema)
      .max(BULK_MAX, `Puoi aggiornare al massimo ${BULK_MAX} figurine alla volta`)
      .optional(),
    status: stickerStatusSchema,
    tappedAt: tappedAtSchema.optional(),
  })
  .refine((input) => (input.numbers === undefined) !== (input.stickerIds === undefined), {
    message: 'Indica i numeri oppure gli id delle figurine',
  });

/** One of my marks: after setStatus, the sticker's status now (a later tap may have won over this one). */
export const userStickerOutput = z.strictObject({
  stickerId: z.int(),
  status: stickerStatusSchema,
  userId: z.int(),
  /** On doubles only: how many spare copies. */
  spares: z.int().min(1).max(SPARES_MAX).optional(),
});
/** My marks in an album: only the stickers I have ('no' is never listed). */
export const userStickersOutput = z.array(
  userStickerOutput.extend({ status: stickerStatusSchema.exclude(['no']) }),
);
export const bulkStatusOutput = z.strictObject({
  /**
   * The stickers given the status, and how many. A sticker named in the request that is in neither list
   * (`stickerIds`, `unknown`) had a mark later than this tap and keeps it (decision 013).
   */
  updated: z.int(),
  stickerIds: z.array(z.int()),
  /** Every sticker found, with its status now: the one asked for, or the one a later mark kept. */
  marks: z.array(userStickerOutput),
  /** The first numbers the album does not have (or that could not be read); `unknownCount` counts all. */
  unknown: z.array(z.string()),
  unknownCount: z.int(),
});
/**
 * Home's counters, about one album named with them (the one chosen for matches, else the one marked last,
 * else the catalogue's first; null without albums; its `stickerCount` leaves the extras aside, issue 49):
 * Raccolte = its counted stickers I have, doubles included, Doppie = those I have twice (extras too),
 * Mancanti = the counted ones I lack. `progress`: how many counted stickers I have in each album I have
 * started.
 */
export const collectionSummaryOutput = z.strictObject({
  album: z.strictObject({ id: z.int(), name: z.string(), year: z.int(), stickerCount: z.int() }).nullable(),
  raccolte: z.int(),
  doppie: z.int(),
  mancanti: z.int(),
  progress: z.array(z.strictObject({ albumId: z.int(), owned: z.int() })),
  /**
   * The albums with extras, and how many of their stickers count towards completion (issue 49): the album
   * list's `stickerCount` includes the extras. Optional: a summary kept on a device from before has none.
   */
  counted: z.array(z.strictObject({ albumId: z.int(), counted: z.int() })).optional(),
});

/**
 * 'Ordina le ultime' (issue 49): the counted stickers I miss (extras aside), in the printed album's order,
 * when they are at most the album's `limit` (the admin's); above it `numbers` and `sections` are empty and
 * `overLimitBy` = missing − limit. `sections`: the same numbers grouped by the album's sections, each where
 * its first sticker comes (`section` null for stickers with none). The estimate only with the admin's price.
 */
export const orderListOutput = z.strictObject({
  limit: z.int(),
  missing: z.int(),
  overLimitBy: z.int(),
  numbers: z.array(z.string()),
  sections: z.array(z.strictObject({ section: z.string().nullable(), numbers: z.array(z.string()) })),
  priceCents: z.int().nullable(),
  estimatedCostCents: z.int().nullable(),
});

/** 'Album completato' (issue 49): the swaps I completed in the album, online and in person, on either side. */
export const completedSwapsOutput = z.strictObject({ count: z.int() });

// Fast entry: the numbers a collector types, `1-20 35, ITA 3; ITA 5-7`.

export type ParsedStickerNumbers = {
  numbers: string[];
  invalid: string[];
  /** Numbers typed with a spare count (`12x3`, `12 x3`: a double with 3 spare copies), when any were. */
  spares?: Map<string, number>;
};

const RANGE = /^(.*?)(\d+)-(\d+)$/;
/** `prefix + to` fits a sticker number, `-from` adds as much again: anything longer is no range. */
const RANGE_TEXT_MAX = 2 * STICKER_NUMBER_MAX + 1;
/** The en and em dashes a phone's autocorrect puts in count as a range's dash. */
const DASH = /^[-\u2013\u2014]$/;
const DASH_OR_WORD = /[-\u2013\u2014]|[^\s\-\u2013\u2014]+/g;
/** A token of letters alone (`ITA`) is the prefix of the number after it. */
const LETTERS = /^\p{L}+$/u;
const STARTS_WITH_DIGIT = /^\d/;
/** `x3` (or `×3`) after a number, apart or joined: that many spare copies of it. */
const SPARE_COUNT = /^[x×]\d+$/i;
const WITH_SPARE_COUNT = /^(.*\d)\s*[x×](\d+)$/i;

/** `ita 03` and `ITA3` find `ITA 3`: case, spaces, a space after letters and leading zeros do not matter. */
export function stickerNumberKey(number: string): string {
  return number
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase()
    .replace(/(\p{L}) (?=\d)/gu, '$1')
    .replace(/(^|\D)0+(?=\d)/g, '$1');
}

/** A part's tokens, split at spaces, except that a dash joins its neighbours: `4 - 6` is `4-6`. */
function tokensOf(part: string): string[] {
  const tokens: string[] = [];
  let joined = false;
  for (const piece of part.match(DASH_OR_WORD) ?? []) {
    const dash = DASH.test(piece);
    const last = tokens.length - 1;
    if ((dash || joined) && last >= 0) tokens[last] += dash ? '-' : piece;
    else tokens.push(dash ? '-' : piece);
    joined = dash;
  }
  return tokens;
}

/**
 * The entries of a typed text, in order: commas, semicolons, new lines and spaces all separate them,
 * except around a range's dash and after letters alone, which bind to the number after them (`ITA 3`,
 * `ITA 3-5`, `COCA COLA 2`); letters with no number after them are an entry of their own. A spare count
 * (`x3`) binds to the entry before it in the same part.
 */
function entriesOf(text: string): string[] {
  const entries: string[] = [];
  for (const part of text.split(/[,;\r\n]/)) {
    let letters: string[] = [];
    let fromThisPart = false;
    for (const token of tokensOf(part)) {
      if (LETTERS.test(token)) {
        letters.push(token);
        continue;
      }
      const prefix = letters.join(' ');
      letters = [];
      if (!prefix && fromThisPart && SPARE_COUNT.test(token)) {
        entries.push(`${entries.pop() ?? ''}${token}`);
        continue;
      }
      fromThisPart = true;
      if (prefix && STARTS_WITH_DIGIT.test(token)) entries.push(`${prefix} ${token}`);
      else entries.push(...(prefix ? [prefix, token] : [token]));
    }
    if (letters.length > 0) entries.push(letters.join(' '));
  }
  return entries;
}

/**
 * Reads the entries (see entriesOf). `a-b` with a ≤ b expands to every number between (with the same
 * prefix, so `ITA 1-3` is ITA 1, ITA 2, ITA 3); anything else is taken as one sticker number. Repeated
 * numbers count once; a range reversed or too long goes to `invalid`, as does one whose numbers would be
 * longer than a sticker number can be (so a long prefix is never copied a thousand times), an entry that
 * long, and the overflow past STICKER_NUMBERS_MAX. A spare count (`12x3`, `ITA 5-7 x2`) applies to each
 * number of its entry; one outside 1–SPARES_MAX makes the entry invalid.
 */
export function parseStickerNumbers(text: string): ParsedStickerNumbers {
  const numbers = new Set<string>();
  const invalid: string[] = [];
  const spares = new Map<string, number>();
  for (const typed of entriesOf(text)) {
    const counted = typed.length <= RANGE_TEXT_MAX + 4 ? WITH_SPARE_COUNT.exec(typed) : null;
    const entry = counted?.[1] ?? typed;
    const count = counted ? Number(counted[2]) : undefined;
    if (count !== undefined && (count < 1 || count > SPARES_MAX)) {
      invalid.push(typed);
      continue;
    }
    const added = (number: string) => {
      numbers.add(number);
      if (count !== undefined) spares.set(number, count);
    };
    // Long entries skip the pattern, whose backtracking grows with the square of the length.
    const range = entry.length <= RANGE_TEXT_MAX ? RANGE.exec(entry) : null;
    if (range && !/[-\d]$/.test(range[1] ?? '')) {
      const prefix = range[1] ?? '';
      const from = Number(range[2]);
      const to = Number(range[3]);
      if (
        prefix.length + (range[3] ?? '').length > STICKER_NUMBER_MAX ||
        from > to ||
        to - from >= STICKER_NUMBERS_MAX ||
        numbers.size + (to - from + 1) > STICKER_NUMBERS_MAX
      ) {
        invalid.push(typed);
        continue;
      }
      for (let n = from; n <= to; n += 1) added(`${prefix}${n}`);
    } else if (entry.length > STICKER_NUMBER_MAX || numbers.size >= STICKER_NUMBERS_MAX) {
      invalid.push(typed);
    } else {
      added(entry);
    }
  }
  return { numbers: [...numbers], invalid, ...(spares.size > 0 && { spares }) };
}

/**
 * 'In regalo' (issue 49, row 5): my remaining doubles of a completed album, given for nothing to the
 * collectors who find them in 'Le mie ultime'. Turned on only once the album is complete.
 */
const IN_REGALO_MESSAGE = 'Indica se i doppioni sono in regalo (true o false)';
export const setInRegaloInput = z.strictObject({
  albumId: albumIdSchema,
  inRegalo: z.boolean({ error: IN_REGALO_MESSAGE }),
});
export const inRegaloOutput = z.strictObject({ inRegalo: z.boolean() });
