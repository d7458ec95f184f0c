import { Button, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { trpc } from '../../../shared/api/trpc.ts';

/** The line once the doubles are in regalo: whose, and where the others find them. */
function givenText(doubles: number) {
  if (doubles === 1) return 'Il tuo doppione è in regalo: chi lo cerca ti trova in «Le mie ultime».';
  const yours = doubles === 0 ? 'I tuoi doppioni' : `I tuoi ${doubles} doppioni`;
  return `${yours} sono in regalo: chi li cerca ti trova in «Le mie ultime».`;
}

/**
 * 'Metti in regalo i doppioni' on the 'Album completato' card (issue 49, row 5, docs/decisions/059): the
 * doubles left once the album is complete, given to whoever nearby looks for them (only collectors on the
 * same side of the age line see them as a gift). The same for minors. Nothing shows until the server has
 * said how it stands (offline, nothing): the switch is the server's.
 */
export function InRegaloOffer({ albumId, doubles }: { albumId: number; doubles: number }) {
  const utils = trpc.useUtils();
  const state = trpc.collection.inRegalo.useQuery({ albumId });
  const set = trpc.collection.setInRegalo.useMutation({
    onSuccess: (saved) => {
      utils.collection.inRegalo.setData({ albumId }, saved);
      void utils.matches.invalidate();
    },
    meta: { errorMessage: "Errore nell'aggiornamento del regalo" },
  });
  const inRegalo = state.data?.inRegalo;
  if (inRegalo === undefined || (!inRegalo && doubles === 0)) return null;
  return (
    <>
      {inRegalo ? (
        <Text size="sm" mt="sm" role="status">
          {givenText(doubles)}
        </Text>
      ) : (
        <Text size="sm" mt="sm">
          {doubles === 1
            ? 'Ti resta 1 doppione: puoi regalarlo a chi lo cerca vicino a te.'
            : `Ti restano ${doubles} doppioni: puoi regalarli a chi li cerca vicino a te.`}
        </Text>
      )}
      <Button
        mt="xs"
        fullWidth
        variant="outline"
        color="teal.9"
        leftSection={inRegalo ? undefined : <IconGift size={20} aria-hidden />}
        loading={set.isPending}
        onClick={() => set.mutate({ albumId, inRegalo: !inRegalo })}
      >
        {inRegalo ? 'Togli dal regalo' : 'Metti in regalo i doppioni'}
      </Button>
    </>
  );
}
