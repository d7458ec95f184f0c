import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useLastSelected } from '../../use-last-selected.ts';
import type { AdminAlbum } from '../album-row.tsx';
import { ClearStickersDialog } from './clear-stickers-dialog.tsx';
import { DeleteStickerDialog } from './delete-sticker-dialog.tsx';
import { EditStickerDialog } from './edit-sticker-dialog.tsx';
import { SectionDialog } from './section-dialog.tsx';
import { StickerManager } from './sticker-manager.tsx';
import type { StickerDialog } from './sticker-types.ts';

type Props = { album: AdminAlbum | null; onClose: () => void };

/** 'Gestisci Figurine - {album}': import, export, edit, classify, delete and clear one album's stickers. */
export function ManageStickersDialog({ album: selected, onClose }: Props) {
  const album = useLastSelected(selected);
  const [inner, setInner] = useState<StickerDialog | null>(null);
  const closeInner = () => setInner(null);

  return (
    <>
      <Modal
        opened={selected !== null}
        onClose={onClose}
        title={album ? `Gestisci Figurine - ${album.name}` : ''}
        size="64rem"
        // While a dialog is open over this one, Escape and focus belong to it.
        closeOnEscape={inner === null}
        trapFocus={inner === null}
      >
        {album && (
          <StickerManager key={album.id} album={album} opened={selected !== null} onOpen={setInner} />
        )}
      </Modal>
      <EditStickerDialog target={inner?.kind === 'edit' ? inner : null} onClose={closeInner} />
      <DeleteStickerDialog target={inner?.kind === 'delete' ? inner : null} onClose={closeInner} />
      <ClearStickersDialog target={inner?.kind === 'clear' ? inner : null} onClose={closeInner} />
      <SectionDialog target={inner?.kind === 'section' ? inner : null} onClose={closeInner} />
    </>
  );
}
