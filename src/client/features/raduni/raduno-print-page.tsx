import { Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { QrCode } from '../../shared/qr/qr-code.tsx';
import { radunoWhen } from './raduni-queries.ts';
import classes from './raduno-print-page.module.css';

/**
 * The meet's check-in QR for the organiser to print on an A5 sheet (issue 46, row 5), with the meet's
 * name, place and time: it opens /raduni/:id/check-in#<token> on a collector's phone.
 */
export function RadunoPrintPage() {
  const { radunoId } = useParams({ from: '/_authed/raduni/$radunoId/stampa' });
  const raduno = trpc.raduni.get.useQuery({ id: radunoId });
  if (raduno.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento del raduno" />
      </Center>
    );
  }
  const token = raduno.data?.checkInToken;
  if (!raduno.data || !token) {
    return (
      <Stack gap="md">
        <Text>
          {raduno.error
            ? errorMessage(raduno.error, 'Errore nel caricamento del raduno')
            : 'Il QR del check-in lo stampa chi organizza il raduno.'}
        </Text>
        <Button
          h={44}
          renderRoot={(props) => <Link {...props} to="/raduni/$radunoId" params={{ radunoId }} />}
        >
          Torna al raduno
        </Button>
      </Stack>
    );
  }
  const meet = raduno.data;
  const link = `${window.location.origin}/raduni/${meet.id}/check-in#${token}`;
  return (
    <Stack gap="md" align="center" className={classes.sheet} data-print-page>
      <Group justify="space-between" w="100%" className={classes.screenOnly}>
        <Button
          variant="subtle"
          h={44}
          renderRoot={(props) => <Link {...props} to="/raduni/$radunoId" params={{ radunoId }} />}
        >
          Indietro
        </Button>
        <Button h={44} leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Stampa
        </Button>
      </Group>
      <Title order={1} size="h2">
        {meet.title}
      </Title>
      <Text fw={600}>{meet.place.name}</Text>
      <Text>{radunoWhen(meet)}</Text>
      <Box w="min(100%, 300px)">
        <QrCode text={link} />
      </Box>
      <Text size="lg" fw={600}>
        Check-in: inquadra il codice con il telefono
      </Text>
      <Text size="sm">
        Si apre Scambio Figurine e vedi chi qui ha le tue mancanti. Funziona anche senza campo.
      </Text>
    </Stack>
  );
}
