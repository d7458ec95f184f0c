import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type AdminAlbum, type AlbumAction, AlbumRow } from './album-row.tsx';

type Props = { album: AdminAlbum; onAction: (action: AlbumAction, album: AdminAlbum) => void };

/** A row the list can reorder; only its handle starts a drag, so its buttons stay plain buttons. */
export function SortableAlbumRow({ album, onAction }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: album.id, attributes: { roleDescription: 'album riordinabile' } });
  return (
    <AlbumRow
      album={album}
      onAction={onAction}
      rowRef={setNodeRef}
      // The row left behind stays as a faint placeholder while its copy in the overlay moves.
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      handleProps={{ ...attributes, ...listeners, ref: setActivatorNodeRef }}
    />
  );
}
