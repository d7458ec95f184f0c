/**
 * The limits of marking stickers, apart from their zod schemas (collection.ts) so the app shell's
 * outbox can use them without zod.
 */
export const BULK_MAX = 1000;
