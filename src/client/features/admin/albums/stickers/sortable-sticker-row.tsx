import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { KindBadge } from './kind-badge.tsx';
import { type AdminSticker, stickerText } from './sticker-types.ts';

type Props = {
  sticker: AdminSticker;
  selected: boolean;
  onToggle: (id: number) => void;
  onEdit: (sticker: AdminSticker) => void;
  onDelete: (sticker: AdminSticker) => void;
};

/** A sticker's row, moved by its handle (mouse or keyboard) to its place in the printed album. */
export function SortableStickerRow({ sticker, selected, onToggle, onEdit, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: sticker.id, attributes: { roleDescription: 'figurina riordinabile' } });
  return (
    <Table.Tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <Table.Td w={36} px={0}>
        <Checkbox
          size="xs"
          aria-label={`Seleziona figurina ${sticker.number}`}
          checked={selected}
          onChange={() => onToggle(sticker.id)}
        />
      </Table.Td>
      <Table.Td w={36} px={0}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Sposta figurina ${sticker.number}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          ref={setActivatorNodeRef}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
      <Table.Td fw={600}>{sticker.number}</Table.Td>
      <Table.Td>
        {stickerText(sticker) || (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <KindBadge kind={sticker.kind} />
      </Table.Td>
      <Table.Td>
        {sticker.section ?? (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Modifica figurina ${sticker.number}`}
            onClick={() => onEdit(sticker)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Elimina figurina ${sticker.number}`}
            onClick={() => onDelete(sticker)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
