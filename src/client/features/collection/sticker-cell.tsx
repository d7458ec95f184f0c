import { memo } from 'react';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import type { Sticker } from './album-queries.ts';
import classes from './sticker-grid.module.css';
import type { StickerStatus } from './sticker-status.ts';
import { useLongPress } from './use-long-press.ts';
import { useSetStickerStatus } from './use-set-sticker-status.ts';

type Props = {
  albumId: number;
  sticker: Sticker;
  status: StickerStatus;
  /** On a double: its spare copies. */
  spares: number | undefined;
  unsaved: boolean;
  faded: boolean;
  onAddSpare: (sticker: Sticker, spares: number) => void;
  onOpen: (stickerId: number) => void;
};

/** How many copies, in words, for the cell's name: 'mancante', '1 copia', '3 copie'. */
export function copiesText(status: StickerStatus, spares: number | undefined): string {
  if (status === 'no') return 'mancante';
  const copies = status === 'double' ? 1 + (spares ?? 1) : 1;
  return copies === 1 ? '1 copia' : `${copies} copie`;
}

/**
 * One sticker of the grid: a tap adds a copy (missing → have → double → one more spare), a long press
 * opens its details, where the spares go down again.
 */
export const StickerCell = memo(function StickerCell({
  albumId,
  sticker,
  status,
  spares,
  unsaved,
  faded,
  onAddSpare,
  onOpen,
}: Props) {
  const setStatus = useSetStickerStatus(albumId, sticker);
  const number = displayNumber(sticker.number);
  const handlers = useLongPress(
    () => {
      if (status === 'no') setStatus('yes', status);
      else if (status === 'yes') setStatus('double', status);
      else onAddSpare(sticker, (spares ?? 1) + 1);
    },
    () => onOpen(sticker.id),
  );
  return (
    <li>
      <button
        type="button"
        className={classes.cell}
        data-status={status}
        data-faded={faded || undefined}
        data-unsaved={unsaved || undefined}
        aria-label={`${number}: ${copiesText(status, spares)}${unsaved ? ', non ancora salvata' : ''}`}
        title={sticker.name}
        {...handlers}
      >
        {number}
        {status === 'double' && (
          <span className={classes.count} aria-hidden>
            +{spares ?? 1}
          </span>
        )}
      </button>
    </li>
  );
});
