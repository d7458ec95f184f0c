import { Button, Modal, Stack, Text } from '@mantine/core';
import { trpc } from '../../shared/api/trpc.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';

type Props = {
  number: string;
  promise: { swapId: number; nickname: string };
  /** Takes the double off as tapped. */
  onApply: () => void;
  onClose: () => void;
};

/**
 * Taking off a double an accepted swap has promised: says so, and offers to call that swap off (the other
 * collector reads why in the chat) before the tap, or to take it off anyway.
 */
export function PromiseWarning({ number, promise, onApply, onClose }: Props) {
  const utils = trpc.useUtils();
  const shown = displayNumber(number);
  const cancel = trpc.swaps.cancel.useMutation({
    onSuccess: () => {
      void utils.swaps.invalidate();
      onApply();
      onClose();
    },
    meta: { errorMessage: "Errore nell'annullamento dello scambio" },
  });
  return (
    <Modal
      opened
      onClose={() => !cancel.isPending && onClose()}
      title={`La #${shown} è promessa a ${promise.nickname}`}
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Uno scambio accettato la riserva per {promise.nickname}. Se non ce l'hai più, annulla lo scambio:{' '}
          {promise.nickname} lo legge nella vostra chat.
        </Text>
        <Button
          h={44}
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate({ id: promise.swapId, reason: `Non ho più la #${shown}` })}
        >
          Annulla lo scambio
        </Button>
        <Button
          h={44}
          variant="default"
          disabled={cancel.isPending}
          onClick={() => {
            onApply();
            onClose();
          }}
        >
          Togli comunque
        </Button>
        <Button h={44} variant="subtle" disabled={cancel.isPending} onClick={onClose}>
          Indietro
        </Button>
      </Stack>
    </Modal>
  );
}
