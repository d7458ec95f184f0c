import { parseRecordId } from '../../../rpc/schemas/record-id-rule.ts';

/** /scambi?scambio=12: the list with that swap's card brought into view (a notification's link). */
export type SwapsSearch = { scambio?: number };

export function validateSwapsSearch(search: Record<string, unknown>): SwapsSearch {
  const id = parseRecordId(String(search.scambio ?? ''));
  return id === null ? {} : { scambio: id };
}
