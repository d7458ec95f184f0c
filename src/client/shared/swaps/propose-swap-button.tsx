import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { SwapChooser } from './swap-chooser.tsx';

type Props = ButtonProps & {
  other: { id: number; nickname: string };
  albumId: number;
  onProposed?: (proposal: { matchId: number | null }) => void;
  /** The one sticker of theirs I am after ('Le mie ultime'): the chooser starts from it. */
  wanted?: string;
};

/** 'Proponi scambio' and the chooser it opens. */
export function ProposeSwapButton({ other, albumId, onProposed, wanted, ...buttonProps }: Props) {
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
          wanted={wanted}
        />
      )}
    </>
  );
}
