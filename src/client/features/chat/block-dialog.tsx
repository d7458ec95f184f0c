import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';

type Props = {
  opened: boolean;
  nickname: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Blocca' asks first: a block also ends our open swaps. */
export function BlockDialog({ opened, nickname, pending, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      opened={opened}
      title={`Bloccare ${nickname}?`}
      confirmLabel="Blocca"
      danger
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      warning="Gli scambi in corso tra voi saranno annullati."
    >
      <Text>
        Non vi vedrete più tra i match e non potrete scrivervi né proporvi scambi. Potrai togliere il blocco
        in qualsiasi momento da questa chat.
      </Text>
    </ConfirmDialog>
  );
}
