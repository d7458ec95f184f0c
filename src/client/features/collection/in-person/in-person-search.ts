import { parseRecordId } from '../../../../rpc/schemas/record-id-rule.ts';

/** /dal-vivo?album=3: the album to swap at the table (the code itself travels in the fragment). */
export type InPersonSearch = { album?: number };

export function validateInPersonSearch(search: Record<string, unknown>): InPersonSearch {
  const id = parseRecordId(String(search.album ?? ''));
  return id === null ? {} : { album: id };
}
