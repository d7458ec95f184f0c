import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Checkbox, Group, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { reorderedAlbums } from '../album-order.ts';
import { useAlbumDragSensors, verticalOnly } from '../drag-config.ts';
import { SelectionBar } from './selection-bar.tsx';
import { SortableStickerRow } from './sortable-sticker-row.tsx';
import { stickerDragAnnouncements, stickerDragInstructions } from './sticker-drag-announcements.ts';
import type { AdminSticker } from './sticker-types.ts';
import { useReorderStickers } from './use-reorder-stickers.ts';

/** A page keeps the dialog quick with albums of a thousand stickers and more. */
export const STICKERS_PER_PAGE = 50;

const PAGE_CONTROLS = {
  first: 'Prima pagina',
  previous: 'Pagina precedente',
  next: 'Pagina successiva',
  last: 'Ultima pagina',
};

type Props = {
  albumId: number;
  stickers: AdminSticker[];
  onEdit: (sticker: AdminSticker) => void;
  onDelete: (sticker: AdminSticker) => void;
  onSection: (stickers: AdminSticker[]) => void;
};

/**
 * 'Figurine (n)': the album's stickers in the printed album's order, a page at a time, each with its kind,
 * its section, its actions and a handle that moves it within the page (the order is saved for the whole
 * album). Rows ticked, on any page, get a kind or a section together.
 */
export function StickerTable({ albumId, stickers, onEdit, onDelete, onSection }: Props) {
  const [page, setPage] = useState(1);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  // A sticker deleted (or the list cleared) since it was ticked is no longer selected.
  const selected = stickers.filter((sticker) => ticked.has(sticker.id));
  const allSelected = selected.length === stickers.length;
  const toggle = (id: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const sensors = useAlbumDragSensors();
  const saveOrder = useReorderStickers(albumId);
  const drop = ({ active, over }: DragEndEvent) => {
    const next = reorderedAlbums(stickers, active.id, over?.id);
    if (next) saveOrder(next);
  };
  const pages = Math.max(1, Math.ceil(stickers.length / STICKERS_PER_PAGE));
  // After a delete or a clear the list may have fewer pages than the one being looked at.
  const current = Math.min(page, pages);
  const shown = stickers.slice((current - 1) * STICKERS_PER_PAGE, current * STICKERS_PER_PAGE);

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Figurine ({stickers.length})
      </Title>
      {stickers.length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <Text fw={600}>Nessuna figurina presente</Text>
          <Text size="sm" c="dimmed">
            Importa le figurine per iniziare
          </Text>
        </Stack>
      ) : (
        <>
          <SelectionBar
            albumId={albumId}
            selected={selected.map((sticker) => sticker.id)}
            onSection={() => onSection(selected)}
            onClear={() => setTicked(new Set())}
          />
          <Table striped highlightOnHover verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} px={0}>
                  <Checkbox
                    size="xs"
                    aria-label="Seleziona tutte"
                    checked={allSelected}
                    indeterminate={selected.length > 0 && !allSelected}
                    onChange={() =>
                      setTicked(allSelected ? new Set() : new Set(stickers.map((sticker) => sticker.id)))
                    }
                  />
                </Table.Th>
                <Table.Th w={36} px={0}>
                  <VisuallyHidden>Sposta</VisuallyHidden>
                </Table.Th>
                <Table.Th w={110}>Numero</Table.Th>
                <Table.Th>Descrizione</Table.Th>
                <Table.Th w={100}>Tipo</Table.Th>
                <Table.Th w={170}>Sezione</Table.Th>
                <Table.Th w={90}>Azioni</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              modifiers={[verticalOnly]}
              accessibility={{
                announcements: stickerDragAnnouncements(shown),
                screenReaderInstructions: stickerDragInstructions,
              }}
              onDragEnd={drop}
            >
              <SortableContext
                items={shown.map((sticker) => sticker.id)}
                strategy={verticalListSortingStrategy}
              >
                <Table.Tbody>
                  {shown.map((sticker) => (
                    <SortableStickerRow
                      key={sticker.id}
                      sticker={sticker}
                      selected={ticked.has(sticker.id)}
                      onToggle={toggle}
                      onEdit={onEdit}
                      onDelete={onDelete}
                    />
                  ))}
                </Table.Tbody>
              </SortableContext>
            </DndContext>
          </Table>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                withEdges
                getItemProps={(item) => ({ 'aria-label': `Pagina ${item}` })}
                getControlProps={(control) => ({ 'aria-label': PAGE_CONTROLS[control] })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
