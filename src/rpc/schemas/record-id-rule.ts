/** The largest PostgreSQL `int`, the type of every id. */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * recordId's rule (record-id.ts) without zod, for the client's route tree, which is part of the first
 * download: the id a path segment names, or null when it names none.
 */
export function parseRecordId(text: string): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 && id <= RECORD_ID_MAX ? id : null;
}
