import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowsExchange, IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { SwapChooser } from './swap-chooser.tsx';

type Props = ButtonProps & {
  other: { id: number; nickname: string };
  albumId: number;
  onProposed?: (proposal: { matchId: number | null }) => void;
  /** The one sticker of theirs I am after ('Le mie ultime'): the chooser starts from it. */
  wanted?: string;
  /** Their doubles are in regalo for me (issue 49, row 5): 'Chiedi in regalo'. */
  gift?: boolean;
};

/** 'Proponi scambio' (or 'Chiedi in regalo') and the chooser it opens. */
export function ProposeSwapButton({ other, albumId, onProposed, wanted, gift, ...buttonProps }: Props) {
  const Icon = gift ? IconGift : IconArrowsExchange;
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<Icon size={18} aria-hidden />}
        {...buttonProps}
        onClick={() => setOpened(true)}
      >
        {gift ? 'Chiedi in regalo' : 'Proponi scambio'}
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
