import { Badge, Card, Group, Progress, Switch, Text, UnstyledButton } from '@mantine/core';
import { isComplete } from '../../shared/completion/counted-stickers.ts';
import classes from './album-list-item.module.css';
import type { AlbumProgress } from './album-progress.ts';
import type { Album } from './album-queries.ts';

const stickerCount = (count: number) => (count === 1 ? '1 figurina' : `${count} figurine`);

type Props = {
  album: Album;
  /** Undefined until known. */
  progress: AlbumProgress | undefined;
  active: boolean;
  onSwitch: (on: boolean) => void;
  onOpen: () => void;
  onIntent: () => void;
};

/**
 * One album of the list: its whole name, year, size and how far along I am ('Completato' once every
 * counted sticker is mine, issue 49). Tapping it opens it (only when ON), the switch turns it ON or OFF.
 */
export function AlbumListItem({ album, progress, active, onSwitch, onOpen, onIntent }: Props) {
  return (
    <Card withBorder padding={0} radius="md" className={classes.card} data-active={active || undefined}>
      <Group wrap="nowrap" gap={0}>
        <UnstyledButton
          className={classes.open}
          // As props: Mantine's own reset of a button's padding would win over the class.
          px="md"
          py="sm"
          disabled={!active}
          onClick={onOpen}
          onPointerDown={active ? onIntent : undefined}
          onMouseEnter={active ? onIntent : undefined}
          onFocus={active ? onIntent : undefined}
        >
          <Text fw={700} lh={1.3}>
            {album.name}
          </Text>
          <Text size="sm" c="dimmed">
            {album.year} · {stickerCount(album.stickerCount)}
            {!active && ' · attivalo per aprirlo'}
          </Text>
          <Group gap="xs" wrap="nowrap" mt={6}>
            {/* A complete album's full bar says less than the word. */}
            {progress && isComplete(progress) ? (
              <Badge color="teal" variant="light" tt="none" className={classes.figure}>
                Completato
              </Badge>
            ) : (
              <Progress
                value={progress?.percent ?? 0}
                size="sm"
                color="teal"
                className={classes.bar}
                aria-hidden
              />
            )}
            <Text size="sm" fw={600} className={classes.figure}>
              {progress ? `${progress.owned}/${progress.total} · ${progress.percent}%` : '\u00a0'}
            </Text>
          </Group>
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
