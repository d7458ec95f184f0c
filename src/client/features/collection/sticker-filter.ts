import type { StickerStatus } from './sticker-status.ts';

export type StickerFilter = 'all' | 'mine' | 'missing' | 'double';

/** How the opened album's address names a filter (?filter=mancanti); 'Tutte', the default, is left out. */
const FILTER_PARAMS = ['mie', 'mancanti', 'doppie'] as const;
type StickerFilterParam = (typeof FILTER_PARAMS)[number];

/**
 * The four filters of the opened album, in the spec's order, with their name in the address and what each
 * says when nothing matches.
 */
export const STICKER_FILTERS: {
  value: StickerFilter;
  param: StickerFilterParam | undefined;
  label: string;
  empty: string;
}[] = [
  { value: 'all', param: undefined, label: 'Tutte', empty: 'Nessuna figurina trovata' },
  { value: 'mine', param: 'mie', label: 'Possedute', empty: 'Non hai ancora nessuna figurina' },
  { value: 'missing', param: 'mancanti', label: 'Mancanti', empty: 'Complimenti! Hai tutte le figurine!' },
  { value: 'double', param: 'doppie', label: 'Doppie', empty: 'Non hai doppioni' },
];

export type AlbumSearch = { filter?: StickerFilterParam };

const isFilterParam = (value: unknown): value is StickerFilterParam =>
  FILTER_PARAMS.some((param) => param === value);

/**
 * The opened album's search params: a filter the address does not know counts as none (Tutte). A plain
 * function rather than a zod schema, as the route tree is part of the first download and zod is not.
 */
export const validateAlbumSearch = (search: Record<string, unknown>): AlbumSearch =>
  isFilterParam(search.filter) ? { filter: search.filter } : {};

export const filterOfSearch = ({ filter }: AlbumSearch): StickerFilter =>
  STICKER_FILTERS.find((option) => option.param === filter)?.value ?? 'all';

export const searchOfFilter = (filter: StickerFilter): AlbumSearch => {
  const param = STICKER_FILTERS.find((option) => option.value === filter)?.param;
  return param ? { filter: param } : {};
};

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
