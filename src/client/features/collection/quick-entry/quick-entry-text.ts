import type { StickerStatus } from '../sticker-status.ts';

/** The statuses fast entry offers, in the order a collector at the newsstand needs them. */
export const QUICK_ENTRY_STATUSES: readonly { value: StickerStatus; label: string }[] = [
  { value: 'yes', label: 'Possedute' },
  { value: 'double', label: 'Doppie' },
  { value: 'no', label: 'Mancanti' },
];

/** How the toast names each status, singular and plural. */
const MARKED_AS: Record<StickerStatus, [one: string, many: string]> = {
  yes: ['posseduta', 'possedute'],
  double: ['doppia', 'doppie'],
  no: ['mancante', 'mancanti'],
};

/** The live preview's count: how many of the album's stickers 'Segna figurine' will mark. */
export const toMarkMessage = (count: number) =>
  count === 1 ? '1 figurina da segnare' : `${count} figurine da segnare`;

/** The live preview lists this many entries of each kind, then counts the rest. */
export const PREVIEW_LISTED_MAX = 20;

/** Parts the parser could not read (a reversed range, a number too long). */
export function unreadableMessage(parts: readonly string[]): string {
  return `Da correggere: ${listed(parts.slice(0, PREVIEW_LISTED_MAX), parts.length)}`;
}

/**
 * The success toast's message, what each sticker became: `7 possedute, 2 doppie` (a spare count typed
 * with 'Possedute' makes a double, and the toast says so).
 */
export function markedMessage(became: readonly StickerStatus[]): string {
  return QUICK_ENTRY_STATUSES.map(({ value }) => {
    const count = became.filter((status) => status === value).length;
    const [one, many] = MARKED_AS[value];
    return count === 0 ? '' : `${count} ${count === 1 ? one : many}`;
  })
    .filter((part) => part !== '')
    .join(', ');
}

/** What the dialog says about numbers the album does not have: the first ones, and how many in all. */
export function notFoundMessage(numbers: readonly string[]): string {
  const list = listed(numbers.slice(0, PREVIEW_LISTED_MAX), numbers.length);
  return `${numbers.length === 1 ? 'Numero non trovato' : 'Numeri non trovati'}: ${list}`;
}

function listed(shown: readonly string[], count: number): string {
  const more = count - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` e altri ${more}` : ''}`;
}

const CODE = /^(.*?)(\d+)$/;

/**
 * The box's example, in the album's own codes (`Es. 1-5, ITA 3x2`): a range of its first numbers, then
 * a code of another section (else a later number) with a spare count. The generic one without stickers.
 */
export function entryExample(numbers: readonly string[]): string {
  const [first, ...rest] = numbers.map((number) => CODE.exec(number.trim())).filter((code) => code !== null);
  if (!first) return 'Es. 1-20, 35x2, ITA 3';
  const [, prefix = '', from = ''] = first;
  const sameSection = rest.filter((code) => code[1] === prefix);
  const last = sameSection[Math.min(3, sameSection.length - 1)];
  const range = last ? `${prefix}${from}-${last[2]}` : `${prefix}${from}`;
  const other = rest.find((code) => code[1] !== prefix) ?? sameSection[sameSection.length - 1];
  return other && other !== last ? `Es. ${range}, ${other[0]}x2` : `Es. ${range}`;
}
