import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { RadunoView } from '../../../rpc/schemas/raduni.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { toastSuccess } from '../../shared/ui/toast.ts';

/** The organiser's part of a meet (an admin or the place's organiser): its check-in QR to print, cancelling. */
export function OrganiserCard({ raduno }: { raduno: RadunoView }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const cancel = trpc.raduni.cancel.useMutation({
    onSuccess: (answer) => {
      utils.raduni.get.setData({ id: raduno.id }, answer);
      void utils.raduni.near.invalidate();
      setConfirming(false);
      toastSuccess('Raduno annullato', 'Chi ci andava riceve un avviso');
    },
    meta: { errorMessage: 'Non è stato possibile annullare il raduno' },
  });
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Organizzazione
        </Title>
        <Text size="sm">
          Esponi il QR del raduno all'ingresso: chi lo inquadra fa il check-in, anche senza campo.
        </Text>
        <Button
          h={44}
          variant="light"
          leftSection={<IconPrinter size={18} aria-hidden />}
          renderRoot={(props) => (
            <Link {...props} to="/raduni/$radunoId/stampa" params={{ radunoId: raduno.id }} />
          )}
        >
          Stampa il QR del check-in
        </Button>
        {!raduno.cancelled && (
          <Button h={44} variant="outline" color="red.8" onClick={() => setConfirming(true)}>
            Annulla il raduno
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Annullare il raduno?"
        confirmLabel="Annulla il raduno"
        danger
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: raduno.id })}
        onClose={() => setConfirming(false)}
        warning="Non si può tornare indietro."
      >
        <Text>Chi ci va riceve un avviso.</Text>
      </ConfirmDialog>
    </Card>
  );
}
