import { Card, Group, Switch, Text, UnstyledButton } from '@mantine/core';
import classes from './album-list-item.module.css';
import type { Album } from './album-queries.ts';

const stickerCount = (count: number) => (count === 1 ? '1 figurina' : `${count} figurine`);

type Props = {
  album: Album;
  active: boolean;
  onSwitch: (on: boolean) => void;
  onOpen: () => void;
  onIntent: () => void;
};

/** One album of the list: tapping it opens it (only when ON), the switch turns it ON or OFF. */
export function AlbumListItem({ album, active, onSwitch, onOpen, onIntent }: Props) {
  return (
    <Card withBorder padding={0} radius="md" className={classes.card} data-active={active || undefined}>
      <Group wrap="nowrap" gap={0}>
        <UnstyledButton
          className={classes.open}
          disabled={!active}
          onClick={onOpen}
          onPointerDown={active ? onIntent : undefined}
          onMouseEnter={active ? onIntent : undefined}
          onFocus={active ? onIntent : undefined}
        >
          <Text fw={700} truncate>
            {album.name}
          </Text>
          <Text size="sm" c="dimmed">
            {stickerCount(album.stickerCount)}
            {!active && ' · attivalo per aprirlo'}
          </Text>
        </UnstyledButton>
        <Switch
          size="xl"
          onLabel="ON"
          offLabel="OFF"
          aria-label={`Attiva ${album.name}`}
          checked={active}
          onChange={(event) => onSwitch(event.currentTarget.checked)}
          classNames={{ root: classes.switch, track: classes.track }}
        />
      </Group>
    </Card>
  );
}
