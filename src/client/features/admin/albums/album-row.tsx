import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentPropsWithRef, CSSProperties, Ref } from 'react';
import type { RouterOutputs } from '../../../shared/api/trpc.ts';

export type AdminAlbum = RouterOutputs['albums']['list'][number];
export type AlbumAction = 'manage' | 'rename' | 'delete';

type Props = {
  album: AdminAlbum;
  onAction?: (action: AlbumAction, album: AdminAlbum) => void;
  /** The sortable wiring of the handle (listeners, aria attributes, activator ref). */
  handleProps?: ComponentPropsWithRef<'button'>;
  rowRef?: Ref<HTMLDivElement>;
  style?: CSSProperties;
  lifted?: boolean;
};

/** One album of 'Gestione Album'; the same row is drawn in the list and, while dragged, in the overlay. */
export function AlbumRow({ album, onAction, handleProps, rowRef, style, lifted }: Props) {
  return (
    <Paper
      ref={rowRef}
      style={style}
      withBorder
      shadow={lifted ? 'lg' : undefined}
      p="sm"
      radius="md"
      data-testid="admin-album-row"
    >
      <Group wrap="nowrap" gap="sm">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Sposta ${album.name}`}
          style={{ cursor: lifted ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...handleProps}
        >
          <IconGripVertical size={20} aria-hidden />
        </ActionIcon>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} truncate>
            {album.name}
          </Text>
          <Text size="sm" c="dimmed">
            {album.stickerCount === 1 ? '1 figurina totale' : `${album.stickerCount} figurine totali`}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconListDetails size={16} aria-hidden />}
            onClick={() => onAction?.('manage', album)}
          >
            Gestisci
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => onAction?.('rename', album)}
          >
            Modifica
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onAction?.('delete', album)}
          >
            Elimina
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
