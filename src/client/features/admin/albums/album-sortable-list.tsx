import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { reorderedAlbums } from './album-order.ts';
import { type AdminAlbum, type AlbumAction, AlbumRow } from './album-row.tsx';
import { dragAnnouncements, dragInstructions } from './drag-announcements.ts';
import { AUTO_SCROLL, DRAG_OVERLAY_Z_INDEX, useAlbumDragSensors, verticalOnly } from './drag-config.ts';
import { SortableAlbumRow } from './sortable-album-row.tsx';
import { useReorderAlbums } from './use-reorder-albums.ts';

type Props = { albums: AdminAlbum[]; onAction: (action: AlbumAction, album: AdminAlbum) => void };

/** The albums in the admin's order, rearranged by dragging a row's handle (mouse, touch or keyboard). */
export function AlbumSortableList({ albums, onAction }: Props) {
  const sensors = useAlbumDragSensors();
  const saveOrder = useReorderAlbums();
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const announcements = useMemo(() => dragAnnouncements(albums), [albums]);
  const dragged = albums.find((album) => album.id === activeId);

  const drop = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const next = reorderedAlbums(albums, active.id, over?.id);
    if (next) saveOrder(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      autoScroll={AUTO_SCROLL}
      accessibility={{ announcements, screenReaderInstructions: dragInstructions }}
      onDragStart={({ active }) => setActiveId(active.id)}
      onDragEnd={drop}
      onDragCancel={() => setActiveId(null)}
    >
      <SortableContext items={albums.map((album) => album.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" data-testid="admin-album-list">
          {albums.map((album) => (
            <SortableAlbumRow key={album.id} album={album} onAction={onAction} />
          ))}
        </Stack>
      </SortableContext>
      {/* In the body, so no transformed ancestor of the admin layout can shift the fixed overlay. */}
      {createPortal(
        <DragOverlay zIndex={DRAG_OVERLAY_Z_INDEX} modifiers={[verticalOnly]}>
          {dragged ? <AlbumRow album={dragged} lifted /> : null}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}
