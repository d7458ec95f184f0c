import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { offerPushAlerts } from '../alerts/alerts-offer.ts';
import { errorMessage } from '../api/error-message.ts';
import { trpc } from '../api/trpc.ts';
import { LoadFailure } from '../ui/load-failure.tsx';
import { toastSuccess } from '../ui/toast.ts';
import { choiceProblem, initialChoice, toggled } from './initial-choice.ts';
import { type Meeting, MeetingPicker } from './meeting-picker.tsx';
import { StickerChecklist } from './sticker-checklist.tsx';

type Props = {
  opened: boolean;
  onClose: () => void;
  other: { id: number; nickname: string };
  albumId: number;
  /** After the proposal is stored, with the pair's chat it shows in (Match goes there). */
  onProposed?: (proposal: { matchId: number | null }) => void;
  /** The one sticker of theirs I am after ('Le mie ultime'): the choice starts from it. */
  wanted?: string;
};

/**
 * 'Proponi scambio': the exchanges possible with this collector now (my available spares they miss, theirs
 * I miss), all editable, and 'Invia proposta'. Opens on the 1:1 exchanges the match card counted. When their
 * doubles are in regalo for me (`gift`, issue 49, row 5), only 'Ricevo': I give nothing.
 */
export function SwapChooser({ opened, onClose, other, albumId, onProposed, wanted }: Props) {
  const utils = trpc.useUtils();
  const options = trpc.swaps.options.useQuery({ userId: other.id, albumId }, { enabled: opened });
  const [give, setGive] = useState<Set<string>>(new Set());
  const [receive, setReceive] = useState<Set<string>>(new Set());
  const [meeting, setMeeting] = useState<Meeting | null>(null);
  const chooseMeeting = useCallback((chosen: Meeting | null) => setMeeting(chosen), []);
  const data = options.data;
  useEffect(() => {
    if (!data) return;
    const choice = initialChoice(data.gift ? [] : data.give, data.receive, data.mixKinds, wanted);
    setGive(choice.give);
    setReceive(choice.receive);
  }, [data, wanted]);
  const propose = trpc.swaps.propose.useMutation({
    onSuccess: (proposal) => {
      toastSuccess('Proposta inviata', `${other.nickname} la trova nella vostra chat`);
      void utils.swaps.invalidate();
      onClose();
      onProposed?.(proposal);
      // The moment notifications explain themselves: the answer will come while the app is closed.
      offerPushAlerts(proposal.id);
    },
    meta: { errorMessage: "Errore nell'invio della proposta" },
  });
  const gift = data?.gift === true;
  const problem = choiceProblem(give, receive, gift);
  const meetingMissing = data?.meetingRequired === true && meeting === null;

  let body: React.ReactNode;
  if (options.isError) {
    body = (
      <LoadFailure
        message={errorMessage(options.error, 'Errore nel caricamento degli scambi possibili')}
        onRetry={() => void options.refetch()}
      />
    );
  } else if (!data) {
    body = (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento degli scambi possibili" />
      </Center>
    );
  } else {
    body = (
      <Stack gap="md">
        {gift && (
          <Text size="sm">
            {other.nickname} ha completato l'album e regala i suoi doppioni: scegli quelli che ti mancano.
          </Text>
        )}
        {!gift && data.give.length > 1 && (
          <Text size="sm" c="dimmed">
            Per una figurina che ti manca puoi offrire più doppie: spunta tutte quelle che dai.
          </Text>
        )}
        {!gift && (
          <StickerChecklist
            title="Do"
            stickers={data.give}
            chosen={give}
            onToggle={(number) => setGive((set) => toggled(set, number))}
          />
        )}
        <StickerChecklist
          title="Ricevo"
          stickers={data.receive}
          chosen={receive}
          onToggle={(number) => setReceive((set) => toggled(set, number))}
        />
        {data.meetingRequired && <MeetingPicker otherId={other.id} onChange={chooseMeeting} />}
        {problem && (
          <Text size="sm" c="dimmed" role="status">
            {(!gift && data.give.length === 0) || data.receive.length === 0
              ? 'Al momento non avete figurine da scambiare in questo album'
              : problem}
          </Text>
        )}
        <Button
          h={48}
          disabled={problem !== null || meetingMissing}
          loading={propose.isPending}
          onClick={() =>
            propose.mutate({
              toUserId: other.id,
              albumId,
              give: gift ? [] : [...give],
              receive: [...receive],
              ...(data.meetingRequired && meeting ? meeting : {}),
            })
          }
        >
          Invia proposta
        </Button>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !propose.isPending && onClose()}
      title={gift ? `Chiedi in regalo a ${other.nickname}` : `Proponi scambio a ${other.nickname}`}
      fullScreen
      radius={0}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      {body}
    </Modal>
  );
}
