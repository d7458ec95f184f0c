import type { StickerStatus } from '../sticker-status.ts';

/** The statuses fast entry offers, in the order a collector at the newsstand needs them. */
export const QUICK_ENTRY_STATUSES: readonly { value: StickerStatus; label: string }[] = [
  { value: 'yes', label: "Ce l'ho" },
  { value: 'double', label: 'Doppie' },
  { value: 'no', label: 'Mi mancano' },
];

/** How the toast names each status, singular and plural. */
const MARKED_AS: Record<StickerStatus, [one: string, many: string]> = {
  yes: ['posseduta', 'possedute'],
  double: ['doppia', 'doppie'],
  no: ['mancante', 'mancanti'],
};

export const stickerCount = (count: number) => (count === 1 ? '1 figurina' : `${count} figurine`);

/** The success toast's message: `6 figurine segnate come doppie`. */
export function markedMessage(updated: number, status: StickerStatus): string {
  const [one, many] = MARKED_AS[status];
  return updated === 1 ? `1 figurina segnata come ${one}` : `${updated} figurine segnate come ${many}`;
}

/**
 * What the dialog says about numbers the album does not have (or parts it could not read): the server
 * lists the first ones and counts them all.
 */
export function notFoundMessage(unknown: readonly string[], count = unknown.length): string {
  const more = count - unknown.length;
  const list = `${unknown.join(', ')}${more > 0 ? ` e altri ${more}` : ''}`;
  return `${count === 1 ? 'Numero non trovato' : 'Numeri non trovati'}: ${list}`;
}
