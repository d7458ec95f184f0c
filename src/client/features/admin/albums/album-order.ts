import type { UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';

/**
 * The list after dropping `activeId` on `overId`, or null when the drop changes nothing: no destination
 * (dropped outside the list, or cancelled), or the album's own place.
 */
export function reorderedAlbums<T extends { id: number }>(
  albums: readonly T[],
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | undefined,
): T[] | null {
  if (overId === undefined || overId === activeId) return null;
  const from = albums.findIndex((album) => album.id === activeId);
  const to = albums.findIndex((album) => album.id === overId);
  if (from < 0 || to < 0) return null;
  return arrayMove([...albums], from, to);
}
