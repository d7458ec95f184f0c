import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { SwapChooser } from './swap-chooser.tsx';

type Props = ButtonProps & {
  other: { id: number; nickname: string };
  albumId: number;
  onProposed?: (proposal: { matchId: number | null }) => void;
};

/** 'Proponi scambio' and the chooser it opens. */
export function ProposeSwapButton({ other, albumId, onProposed, ...buttonProps }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconArrowsExchange size={18} aria-hidden />}
        {...buttonProps}
        onClick={() => setOpened(true)}
      >
        Proponi scambio
      </Button>
      {opened && (
        <SwapChooser
          opened
          onClose={() => setOpened(false)}
          other={other}
          albumId={albumId}
          onProposed={onProposed}
        />
      )}
    </>
  );
}
