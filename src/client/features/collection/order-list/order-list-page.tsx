import { Button, Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconExternalLink, IconPrinter, IconShare } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { errorMessage } from '../../../shared/api/error-message.ts';
import type { RouterOutputs } from '../../../shared/api/trpc.ts';
import { shareOrCopy } from '../../../shared/share/share-or-copy.ts';
import { BackHeader } from '../../../shared/ui/back-header.tsx';
import { LoadFailure } from '../../../shared/ui/load-failure.tsx';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';
import { useAlbums } from '../album-queries.ts';
import { AlbumToolButton } from '../album-tool-button.tsx';
import classes from './order-list.module.css';
import { useOrderList } from './order-list-queries.ts';
import { euros, missingText, orderListText, sectionLines } from './order-list-text.ts';

type OrderList = RouterOutputs['collection']['orderList'];

const PANINI_URL = 'https://www.panini.it';

/**
 * /album/{id}/ordine, 'Ordina le ultime' (issue 49, row 4): what I miss of the album (extras aside) in
 * its order, by section, to copy, share or print, when it is within the album's order limit (the admin's);
 * above it, how many to swap first and where to find them.
 */
export function OrderListPage() {
  const { albumId } = useParams({ from: '/_authed/album/$albumId/ordine' });
  const albumName = useAlbums().data?.find((album) => album.id === albumId)?.name;
  const order = useOrderList(albumId);
  return (
    <Stack gap="md">
      <div className={classes.screenOnly}>
        <BackHeader back="/album/$albumId" params={{ albumId }} title="Ordina le ultime" />
      </div>
      {order.error && !order.data ? (
        <LoadFailure
          message={errorMessage(order.error, "Errore nel caricamento dell'elenco")}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      ) : !order.data || albumName === undefined ? (
        <Center py="xl" role="status">
          <Loader aria-label="Caricamento..." />
        </Center>
      ) : order.data.missing === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text fw={600}>Non ti manca nessuna figurina: l'album è completo.</Text>
        </Card>
      ) : order.data.overLimitBy > 0 ? (
        <OverLimit albumId={albumId} order={order.data} />
      ) : (
        <WithinLimit albumName={albumName} order={order.data} />
      )}
    </Stack>
  );
}

/** Over the album's limit: how many to swap first, and the two places that help with that. */
function OverLimit({ albumId, order }: { albumId: number; order: OrderList }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {`Te ne mancano ${order.missing}: scambiane almeno ${order.overLimitBy} prima`}
        </Title>
        <Text size="sm">
          Per questo album l'elenco da ordinare si prepara quando ne mancano al massimo {order.limit}.
        </Text>
        <Stack gap="sm">
          <Button
            renderRoot={(props) => <Link {...props} to="/album/$albumId/ultime" params={{ albumId }} />}
            variant="light"
            h={44}
          >
            Le mie ultime
          </Button>
          <Button renderRoot={(props) => <Link {...props} to="/match" />} variant="light" h={44}>
            Match
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** The list, the count, the estimate when the admin entered a price, and what to do with it. */
function WithinLimit({ albumName, order }: { albumName: string; order: OrderList }) {
  const text = orderListText(albumName, order.missing, order.sections);
  const canShare = typeof navigator.share === 'function';
  const copy = async () => {
    const outcome = await shareOrCopy({ title: albumName, text }, { clipboard: navigator.clipboard });
    if (outcome === 'copied') toastSuccess('Elenco copiato', 'Incollalo dove ti serve');
    else toastError("Copia non riuscita: seleziona l'elenco e copialo");
  };
  const share = async () => {
    const outcome = await shareOrCopy({ title: albumName, text });
    if (outcome === 'copied') toastSuccess('Elenco copiato', 'Incollalo dove ti serve');
    if (outcome === 'failed') toastError("Condivisione non riuscita: seleziona l'elenco e copialo");
  };
  return (
    <Stack gap="md" className={classes.sheet}>
      <Stack gap={2}>
        <Title order={2} size="h4">
          {albumName}
        </Title>
        <Text fw={600}>{`Ti mancano ${missingText(order.missing)}`}</Text>
      </Stack>
      <Stack gap="xs" aria-label="Figurine da ordinare" role="group">
        {sectionLines(order.sections).map(({ title, numbers }) => (
          <div key={title ?? ''}>
            {title && (
              <Title order={3} size="h6">
                {title}
              </Title>
            )}
            <Text className={classes.numbers}>{numbers}</Text>
          </div>
        ))}
      </Stack>
      {order.estimatedCostCents !== null && order.priceCents !== null && (
        <div>
          <Text fw={700}>{`Costo stimato: ${euros(order.estimatedCostCents)}`}</Text>
          <Text size="sm" c="dimmed">
            {`${euros(order.priceCents)} a figurina, il prezzo indicato per questo album: una stima.`}
          </Text>
        </div>
      )}
      <SimpleGrid cols={canShare ? 3 : 2} spacing={6} className={classes.screenOnly}>
        <AlbumToolButton
          icon={<IconCopy size={22} aria-hidden />}
          label="Copia"
          onClick={() => void copy()}
        />
        {canShare && (
          <AlbumToolButton
            icon={<IconShare size={22} aria-hidden />}
            label="Condividi"
            onClick={() => void share()}
          />
        )}
        <AlbumToolButton
          icon={<IconPrinter size={22} aria-hidden />}
          label="Stampa"
          onClick={() => window.print()}
        />
      </SimpleGrid>
      <Button
        component="a"
        href={PANINI_URL}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        h="auto"
        mih={44}
        fz="sm"
        className={classes.screenOnly}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        rightSection={<IconExternalLink size={16} aria-hidden />}
      >
        Verifica le condizioni sul sito Panini
      </Button>
    </Stack>
  );
}
