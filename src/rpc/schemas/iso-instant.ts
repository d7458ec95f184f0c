import { z } from '../zod.ts';
import { text } from './text.ts';

const INSTANT_MESSAGE =
  'Orario non valido: usa una data e ora ISO 8601 con il fuso (2026-12-05T10:00:00+01:00)';

/** An instant as ISO 8601 text with its offset (a meeting's window, a meet's start and end), as a Date. */
export const isoInstant = text(40, INSTANT_MESSAGE, { error: INSTANT_MESSAGE })
  .pipe(z.iso.datetime({ offset: true, error: INSTANT_MESSAGE }))
  .transform((value) => new Date(value));
