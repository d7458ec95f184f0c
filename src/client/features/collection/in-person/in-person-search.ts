import { parseRecordId } from '../../../../rpc/schemas/record-id-rule.ts';

/**
 * /dal-vivo?album=3: the album to swap at the table (the code itself travels in the fragment);
 * `&scansiona=true` opens the camera at once ('Scansiona il suo codice' at a meet, issue 46).
 */
export type InPersonSearch = { album?: number; scansiona?: true };

export function validateInPersonSearch(search: Record<string, unknown>): InPersonSearch {
  const id = parseRecordId(String(search.album ?? ''));
  const scan = search.scansiona === true || search.scansiona === 'true';
  return { ...(id === null ? {} : { album: id }), ...(scan ? { scansiona: true as const } : {}) };
}
