import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { PoolEntry } from '../../../rpc/schemas/raduni.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { dropEndedPools, poolReadyText, usePool } from './raduni-queries.ts';
import { rankPool, type StickerState } from './rank-pool.ts';

/** What my album says of each sticker number now, on this device (the app joins the album's hook). */
export type UseStickerStates = (
  userId: number,
  albumId: number,
) => ReadonlyMap<string, StickerState> | undefined;

const NO_STATES: ReadonlyMap<string, StickerState> = new Map();

/** 'Luca78 · tavolo 4', 'Un collezionista al tavolo 4' for a minor seen by an adult. */
function whoText(entry: PoolEntry) {
  if (entry.nickname === null) {
    return entry.tavolo ? `Un collezionista al tavolo ${entry.tavolo}` : 'Un collezionista';
  }
  return entry.tavolo ? `${entry.nickname} · tavolo ${entry.tavolo}` : entry.nickname;
}

const numbersText = (numbers: string[], count: number) =>
  numbers.length === 0
    ? 'nessuna'
    : `${numbers.map(displayNumber).join(', ')}${count > numbers.length ? ` e altre ${count - numbers.length}` : ''}`;

function PoolRow({ entry, albumId }: { entry: PoolEntry; albumId: number }) {
  const [open, setOpen] = useState(false);
  const who = whoText(entry);
  return (
    <Card withBorder radius="md" padding={0} component="li">
      <UnstyledButton
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        p="sm"
        style={{ display: 'block', width: '100%', minHeight: 44 }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1}>
            {who}
          </Text>
          {entry.qui && (
            <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
              qui ora
            </Badge>
          )}
        </Group>
        <Text size="sm">
          ti dà {entry.tiDaCount}, tu dai {entry.gliDaiCount}
        </Text>
      </UnstyledButton>
      {open && (
        <Stack gap="xs" px="sm" pb="sm">
          <Text size="sm">
            <Text span fw={600}>
              Ti dà:
            </Text>{' '}
            {numbersText(entry.tiDa, entry.tiDaCount)}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Tu dai:
            </Text>{' '}
            {numbersText(entry.gliDai, entry.gliDaiCount)}
          </Text>
          <Button
            h={44}
            leftSection={<IconQrcode size={18} aria-hidden />}
            renderRoot={(props) => (
              <Link {...props} to="/dal-vivo" search={{ album: albumId, scansiona: true }} />
            )}
          >
            Scansiona il suo codice
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/**
 * /raduni/:id/qui (issue 46, row 4): 'Chi qui ha le tue mancanti', from the pool 'Preparati' kept on the
 * phone — no signal needed. The rows re-rank as I mark stickers at the table (my album on this device,
 * taps not yet sent included); a row opens to the stickers both ways and 'Scansiona il suo codice'.
 */
export function RadunoHerePage({ useStickerStates }: { useStickerStates: UseStickerStates }) {
  const { radunoId } = useParams({ from: '/_authed/raduni/$radunoId/qui' });
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  useEffect(() => dropEndedPools(queryClient), [queryClient]);
  const pool = usePool(radunoId, false).data;
  const states = useStickerStates(user?.id ?? 0, pool?.album.id ?? 0);
  const rows = useMemo(() => (pool ? rankPool(pool.entries, states ?? NO_STATES) : []), [pool, states]);

  return (
    <Stack gap="md">
      <BackHeader back="/raduni/$radunoId" params={{ radunoId }} title="Chi qui ha le tue mancanti" />
      {!pool ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Text>
              Questo telefono non ha ancora il raduno: aprilo con la connessione e tocca «Preparati».
            </Text>
            <Button
              h={44}
              variant="light"
              renderRoot={(props) => <Link {...props} to="/raduni/$radunoId" params={{ radunoId }} />}
            >
              Vai al raduno
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {poolReadyText(pool)} · {pool.album.name}. Tocca una riga per le figurine.
          </Text>
          {rows.length === 0 ? (
            <Text>Nessuno qui ha figurine utili per te, per ora.</Text>
          ) : (
            <Stack
              component="ol"
              gap="xs"
              aria-label="Collezionisti al raduno"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {rows.map((entry) => (
                <PoolRow key={entry.attendee} entry={entry} albumId={pool.album.id} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
