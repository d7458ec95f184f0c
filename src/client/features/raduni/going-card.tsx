import { Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { isMinor } from '../../../rpc/schemas/age-band-rule.ts';
import { type RadunoView, TABLE_LABEL_MAX } from '../../../rpc/schemas/raduni.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { formatTime } from '../../shared/format/dates.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';

/**
 * 'Ci vado' (issue 46, row 2): going or not; sharing my lists with the others who go (on by default for an
 * adult, off for a minor), explained in one sentence; my table or badge; for an adult, 'qui ora' once I
 * check in.
 */
export function GoingCard({ raduno }: { raduno: RadunoView }) {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const minor = user !== null && isMinor(user.ageBand);
  const participate = trpc.raduni.participate.useMutation({
    onSuccess: (answer) => {
      utils.raduni.get.setData({ id: raduno.id }, answer);
      void utils.raduni.near.invalidate();
      // Not going or not sharing any more: the others' lists leave this phone.
      if (!answer.mine?.condividi)
        queryClient.removeQueries({ queryKey: getQueryKey(trpc.raduni.pool, { id: raduno.id }) });
      else void utils.raduni.pool.invalidate({ id: raduno.id });
    },
    meta: { errorMessage: 'Non è stato possibile salvare la tua risposta' },
  });
  const [table, setTable] = useState(raduno.mine?.tavolo ?? '');
  const mine = raduno.mine;
  const save = (changes: { condividi?: boolean; tavolo?: string; mostraQui?: boolean }) =>
    participate.mutate({ id: raduno.id, ciVado: true, ...changes });

  if (!mine) {
    return (
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text>Di' che ci vai: ricevi i promemoria e, prima di uscire, prepari chi ha le tue mancanti.</Text>
          <Button h={44} loading={participate.isPending} onClick={() => save({})}>
            Ci vado
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            Ci vai
          </Title>
          <Button
            variant="default"
            h={44}
            loading={participate.isPending}
            onClick={() => participate.mutate({ id: raduno.id, ciVado: false })}
          >
            Non ci vado più
          </Button>
        </Group>
        <Switch
          size="md"
          label="Condividi le mie liste"
          description="Chi ci va e condivide vede solo le tue doppie che cerca e le sue che ti servono, mai il tuo album intero."
          checked={mine.condividi}
          disabled={participate.isPending}
          onChange={(event) => save({ condividi: event.currentTarget.checked })}
        />
        {!minor && (
          <Switch
            size="md"
            label="Mostra «qui ora» quando arrivo"
            description="Dopo il check-in con il QR del Punto Scambio, accanto al tuo nome; puoi toglierlo quando vuoi."
            checked={mine.mostraQui}
            disabled={participate.isPending}
            onChange={(event) => save({ mostraQui: event.currentTarget.checked })}
          />
        )}
        <Group
          component="form"
          align="flex-end"
          wrap="nowrap"
          gap="sm"
          onSubmit={(event) => {
            event.preventDefault();
            save({ tavolo: table.trim() });
          }}
        >
          <TextInput
            label="Tavolo o cartellino"
            placeholder="Es. 4 o «maglia rossa»"
            size="md"
            maxLength={TABLE_LABEL_MAX}
            value={table}
            onChange={(event) => setTable(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" h={42} disabled={table.trim() === mine.tavolo}>
            Salva
          </Button>
        </Group>
        {mine.arrivato && <Text size="sm">Check-in fatto alle {formatTime(mine.arrivato)}</Text>}
      </Stack>
    </Card>
  );
}
