import { memo } from 'react';
import { STICKER_KIND_LABELS, type StickerKind } from '../../../rpc/schemas/stickers.ts';
import { kindOf } from '../../shared/completion/counted-stickers.ts';
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

/** A special or an extra at a glance, in the cell's corner (its name says it in words). */
const KIND_MARKS = { speciale: '★', extra: 'E' } as const;
/** The kind in the cell's name, lower case after its copies: '001: 2 copie, speciale'. */
const kindText = (kind: StickerKind) =>
  kind === 'base' ? '' : `, ${STICKER_KIND_LABELS[kind].toLowerCase()}`;

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
  const kind = kindOf(sticker);
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
        data-kind={kind === 'base' ? undefined : kind}
        aria-label={`${number}: ${copiesText(status, spares)}${kindText(kind)}${unsaved ? ', non ancora salvata' : ''}`}
        title={sticker.name}
        {...handlers}
      >
        {kind !== 'base' && (
          <span className={classes.kind} aria-hidden>
            {KIND_MARKS[kind]}
          </span>
        )}
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
