import { ActionIcon, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type AdminSticker, stickerText } from './sticker-types.ts';

/** A page keeps the dialog quick with albums of a thousand stickers and more. */
export const STICKERS_PER_PAGE = 50;

const PAGE_CONTROLS = {
  first: 'Prima pagina',
  previous: 'Pagina precedente',
  next: 'Pagina successiva',
  last: 'Ultima pagina',
};

type Props = {
  stickers: AdminSticker[];
  onEdit: (sticker: AdminSticker) => void;
  onDelete: (sticker: AdminSticker) => void;
};

/** 'Figurine (n)': the album's stickers in natural order, a page at a time, each with its actions. */
export function StickerTable({ stickers, onEdit, onDelete }: Props) {
  const [page, setPage] = useState(1);
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
          <Table striped highlightOnHover verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={120}>Numero</Table.Th>
                <Table.Th>Descrizione</Table.Th>
                <Table.Th w={100}>Azioni</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((sticker) => (
                <Table.Tr key={sticker.id}>
                  <Table.Td fw={600}>{sticker.number}</Table.Td>
                  <Table.Td>
                    {stickerText(sticker) || (
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
              ))}
            </Table.Tbody>
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
