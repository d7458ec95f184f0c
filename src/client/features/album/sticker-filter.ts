import type { StickerStatus } from './sticker-status.ts';

export type StickerFilter = 'all' | 'mine' | 'missing' | 'double';

/** The four filters of the opened album, in the spec's order, with what each says when nothing matches. */
export const STICKER_FILTERS: { value: StickerFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'Tutte', empty: 'Nessuna figurina trovata' },
  { value: 'mine', label: 'Mie', empty: 'Non hai ancora nessuna figurina' },
  { value: 'missing', label: 'Mancanti', empty: 'Complimenti! Hai tutte le figurine!' },
  { value: 'double', label: 'Doppie', empty: 'Non hai doppioni' },
];

/** Spec §4: mine = yes or double; missing = no; double = double. */
export function matchesFilter(filter: StickerFilter, status: StickerStatus): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'mine':
      return status !== 'no';
    case 'missing':
      return status === 'no';
    case 'double':
      return status === 'double';
  }
}
