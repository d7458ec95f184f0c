import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { POOL_HOURS_BEFORE, type RadunoView } from '../../../rpc/schemas/raduni.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { useOnline } from '../../shared/api/use-online.ts';
import { poolOpen, poolReadyText, usePool } from './raduni-queries.ts';

/**
 * 'Preparati' (issue 46, row 3): before leaving home the phone downloads my pool — who at the meet has my
 * missing stickers — with my album, so that 'Chi qui ha le tue mancanti' works with no signal.
 */
export function PrepareCard({ raduno }: { raduno: RadunoView & { mine: NonNullable<RadunoView['mine']> } }) {
  const open = poolOpen(raduno);
  const pool = usePool(raduno.id, false);
  const utils = trpc.useUtils();
  const online = useOnline();
  const prepare = async () => {
    const answer = await pool.refetch();
    // The album's stickers and my marks too: the rows are re-ranked on the phone as I mark at the table.
    if (answer.data) {
      const albumId = answer.data.album.id;
      await Promise.all([
        utils.stickers.list.prefetch({ albumId }),
        utils.collection.list.prefetch({ albumId }),
      ]).catch(() => undefined);
    }
  };

  let body: React.ReactNode;
  if (!raduno.mine.condividi) {
    body = <Text>Per vedere chi ha le tue mancanti, condividi le tue liste con chi ci va.</Text>;
  } else if (!open) {
    body = (
      <Text>
        Dalle {POOL_HOURS_BEFORE} ore prima dell'inizio potrai scaricare chi ci va e ha le tue mancanti: poi
        funziona anche senza campo.
      </Text>
    );
  } else {
    body = (
      <>
        {pool.data ? (
          <Text fw={600}>{poolReadyText(pool.data)}</Text>
        ) : (
          <Text>Scarica ora chi ci va e ha le tue mancanti: al raduno spesso non c'è campo.</Text>
        )}
        {pool.isError && (
          <Text c="red.8" size="sm">
            {errorMessage(pool.error, 'Non è stato possibile preparare il raduno')}
          </Text>
        )}
        <Button
          h={44}
          variant={pool.data ? 'light' : 'filled'}
          loading={pool.isFetching}
          disabled={!online}
          onClick={() => void prepare()}
        >
          {pool.data ? 'Aggiorna' : 'Preparati'}
        </Button>
      </>
    );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Preparati
        </Title>
        {body}
        {pool.data && (
          <Button
            h={44}
            leftSection={<IconUsersGroup size={18} aria-hidden />}
            renderRoot={(props) => (
              <Link {...props} to="/raduni/$radunoId/qui" params={{ radunoId: raduno.id }} />
            )}
          >
            Chi qui ha le tue mancanti
          </Button>
        )}
      </Stack>
    </Card>
  );
}
