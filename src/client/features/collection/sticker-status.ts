import type { RouterOutputs } from '../../shared/api/trpc.ts';

export type StickerStatus = RouterOutputs['collection']['setStatus']['status'];

/** The badge of the detail dialog, one per status. */
export const STATUS_BADGES: Record<StickerStatus, { label: string; color: string }> = {
  yes: { label: 'Posseduta', color: 'teal' },
  double: { label: 'Doppia', color: 'orange' },
  no: { label: 'Mancante', color: 'gray' },
};

/** The double button (spec §4): yes becomes double and double goes back to yes; with no it does nothing. */
export function toggledDouble(status: StickerStatus): StickerStatus | undefined {
  if (status === 'yes') return 'double';
  if (status === 'double') return 'yes';
  return undefined;
}
