import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CANCEL_REASON_MAX } from '../../../rpc/schemas/swaps-limits.ts';

type Props = {
  otherNickname: string;
  pending: boolean;
  onCancel: (reason: string) => void;
  onClose: () => void;
};

/**
 * Calling off an accepted swap is breaking a promise: it asks first, and takes an optional reason that the
 * other collector reads in the pair's chat.
 */
export function CancelSwapDialog({ otherNickname, pending, onCancel, onClose }: Props) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened
      onClose={() => !pending && onClose()}
      title={`Annullare lo scambio con ${otherNickname}?`}
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Le figurine riservate tornano disponibili. Se vuoi, spiega il motivo: {otherNickname} lo legge nella
          vostra chat.
        </Text>
        <Textarea
          label="Motivo (facoltativo)"
          size="md"
          value={reason}
          maxLength={CANCEL_REASON_MAX}
          autosize
          minRows={2}
          maxRows={4}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {/* One under the other: side by side, neither label fits a phone's dialog. */}
        <Button h={44} color="red" loading={pending} onClick={() => onCancel(reason.trim())}>
          Annulla scambio
        </Button>
        <Button h={44} variant="default" disabled={pending} onClick={onClose}>
          Torna indietro
        </Button>
      </Stack>
    </Modal>
  );
}
