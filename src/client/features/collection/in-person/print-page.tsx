import { Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatDate } from '../../../shared/format/dates.ts';
import { displayNumber } from '../../../shared/format/sticker-number.ts';
import { QrCode } from '../../../shared/qr/qr-code.tsx';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { useAlbums } from '../album-queries.ts';
import { codeLink } from './album-code.ts';
import classes from './print-page.module.css';
import { newAlbumCode } from './table-swap.ts';
import { useMyAlbumState } from './use-my-album-state.ts';

/**
 * 'Stampa la mancolista': for a child without a phone or a grandparent at the table, the missing list,
 * the doubles to give and my album code on one A4 sheet (the screen shows it clean too). Whoever scans the
 * code sees what we can swap; only their album changes.
 */
export function PrintPage() {
  const user = useCurrentUser().user;
  const search = useSearch({ from: '/_authed/dal-vivo/stampa' });
  const albums = useAlbums().data;
  const albumId = search.album ?? user?.albumSelezionato ?? albums?.[0]?.id ?? 0;
  const album = albums?.find((candidate) => candidate.id === albumId);
  const state = useMyAlbumState(user?.id ?? 0, albumId);
  const link = useMemo(
    () =>
      user && state
        ? codeLink(window.location.origin, newAlbumCode(user, albumId, state.fingerprint, state.states))
        : null,
    [user, albumId, state],
  );
  if (!user || !state || !album || !link)
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento..." />
      </Center>
    );
  const numbersWith = (value: number) =>
    state.stickers
      .filter((_, position) => state.states[position] === value)
      .map((sticker) => displayNumber(sticker.number));
  const missing = numbersWith(0);
  const doubles = numbersWith(2);
  return (
    <Stack gap="md" className={classes.sheet} data-print-page>
      <Group justify="space-between" className={classes.screenOnly}>
        <Button component="a" href={`/dal-vivo?album=${albumId}`} variant="subtle">
          Indietro
        </Button>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Stampa
        </Button>
      </Group>
      <Stack gap={2}>
        <Title order={1} size="h3">{`Mancolista: ${album.name}`}</Title>
        <Text size="sm">{`${user.nickname} · ${formatDate(new Date())}`}</Text>
      </Stack>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={200} style={{ flexShrink: 0 }}>
          <QrCode text={link} size={200} />
        </Box>
        <Text size="sm">
          Inquadra questo codice con 'Scambio dal vivo' di Scambio Figurine: vedi subito quali delle tue
          doppie mi mancano e quali delle mie ti mancano.
        </Text>
      </Group>
      <Stack gap={4}>
        <Title order={2} size="h5">{`Mi mancano (${missing.length})`}</Title>
        <Text className={classes.numbers}>
          {missing.length > 0 ? missing.join(' ') : 'Nessuna: album completo!'}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h5">{`Doppie da dare (${doubles.length})`}</Title>
        <Text className={classes.numbers}>{doubles.length > 0 ? doubles.join(' ') : 'Nessuna'}</Text>
      </Stack>
    </Stack>
  );
}
