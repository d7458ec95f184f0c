/**
 * Finding a sticker in the opened album by number or name, on the device, as the collector types.
 *
 * Numbers are compared the way fast entry reads them (stickerNumberKey in src/rpc/schemas/collection.ts:
 * case, spaces and leading zeros aside, so `ita 03` is `ITA 3`); that module brings zod, which the
 * album screen does without, hence this small copy of the rule.
 */

/** Case, accents and extra spaces aside: 'NICCOLO' reads as 'Niccolò'. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** `ITA 03` → `ita3`: folded, without spaces, leading zeros dropped. */
const numberKey = (number: string) =>
  foldForSearch(number)
    .replace(/ /g, '')
    .replace(/(^|\D)0+(?=\d)/g, '$1');

/** What a sticker is found by, worked out once per album: its number, and its name and team together. */
export type SearchEntry = { number: string; numberDigits: string; text: string };

export function searchEntry(sticker: { number: string; name: string; team: string | null }): SearchEntry {
  const number = numberKey(sticker.number);
  return {
    number,
    numberDigits: /\d+$/.exec(number)?.[0] ?? '',
    text: foldForSearch(`${sticker.name} ${sticker.team ?? ''}`),
  };
}

/**
 * What a query finds; undefined for a blank one (nothing to look for). By number, from its start: the
 * whole number or its digits (`3` finds 3, 30–39 and ITA 3, as does `003`; `ita 3` finds ITA 3 and
 * ITA 30–39). By name or team, anywhere in them, once the query has a letter: digits alone look for
 * numbers, so `3` does not bring every 'Giocatore 13'.
 */
export function stickerQuery(query: string): ((entry: SearchEntry) => boolean) | undefined {
  const words = foldForSearch(query);
  if (!words) return undefined;
  const number = numberKey(query);
  const byName = /\p{L}/u.test(words);
  return (entry) =>
    entry.number.startsWith(number) ||
    entry.numberDigits.startsWith(number) ||
    (byName && entry.text.includes(words));
}
