import { Button, Group, Menu, Text } from '@mantine/core';
import { IconCategory, IconChevronDown, IconFolder, IconX } from '@tabler/icons-react';
import { STICKER_KIND_LABELS, STICKER_KINDS } from '../../../../../rpc/schemas/stickers.ts';
import { useClassifyStickers } from './use-classify-stickers.ts';

type Props = {
  albumId: number;
  selected: number[];
  onSection: () => void;
  onClear: () => void;
};

/** What the admin can do to the selected rows at once: their kind ('Tipo') and their section. */
export function SelectionBar({ albumId, selected, onSection, onClear }: Props) {
  const classify = useClassifyStickers();
  const count = selected.length;
  return (
    <Group gap="sm" data-testid="sticker-selection-bar">
      <Text size="sm" fw={600} aria-live="polite">
        {count === 1 ? '1 figurina selezionata' : `${count} figurine selezionate`}
      </Text>
      <Menu position="bottom-start" withinPortal zIndex={400}>
        <Menu.Target>
          <Button
            size="xs"
            variant="light"
            disabled={count === 0}
            loading={classify.isPending}
            leftSection={<IconCategory size={14} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            Tipo
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {STICKER_KINDS.map((kind) => (
            <Menu.Item key={kind} onClick={() => classify.mutate({ albumId, stickerIds: selected, kind })}>
              {STICKER_KIND_LABELS[kind]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button
        size="xs"
        variant="light"
        disabled={count === 0}
        leftSection={<IconFolder size={14} aria-hidden />}
        onClick={onSection}
      >
        Sezione
      </Button>
      {count > 0 && (
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={onClear}
        >
          Deseleziona
        </Button>
      )}
    </Group>
  );
}
