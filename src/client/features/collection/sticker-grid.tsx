import { useCallback, useMemo } from 'react';
import { SPARES_MAX } from '../../../rpc/schemas/collection.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import { toastUndo } from '../../shared/ui/undo-toast.tsx';
import { type Sticker, useStickerRecords } from './album-queries.ts';
import { StickerCell } from './sticker-cell.tsx';
import classes from './sticker-grid.module.css';
import type { StickerLayoutProps } from './sticker-list.tsx';
import { useSaveSpares } from './use-save-spares.ts';

/**
 * The album as a grid of numbers, as the trackers collectors use: a whole page of stickers at a glance,
 * a tap adds a copy. Statuses go through the outbox like the list's taps; a spare beyond the first is
 * set on the server at once, with 'Annulla' too.
 */
export function StickerGrid({ albumId, stickers, statusOf, unsaved, faded, onOpen }: StickerLayoutProps) {
  const records = useStickerRecords(albumId);
  const spares = useMemo(
    () => new Map(records.data?.map((record) => [record.stickerId, record.spares])),
    [records.data],
  );
  const save = useSaveSpares(albumId);
  const setSpares = save.mutate;
  const addSpare = useCallback(
    (sticker: Sticker, next: number) => {
      if (next > SPARES_MAX) return;
      const put = (count: number) =>
        setSpares({ stickerId: sticker.id, status: 'double', spares: count, tappedAt: Date.now() });
      put(next);
      toastUndo(`#${displayNumber(sticker.number)}: +${next} da scambiare`, () => put(next - 1));
    },
    [setSpares],
  );
  return (
    <ul className={classes.grid} aria-label="Griglia delle figurine">
      {stickers.map((sticker) => (
        <StickerCell
          key={sticker.id}
          albumId={albumId}
          sticker={sticker}
          status={statusOf(sticker.id)}
          spares={spares.get(sticker.id)}
          unsaved={unsaved(sticker.id)}
          faded={faded(sticker.id)}
          onAddSpare={addSpare}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}
