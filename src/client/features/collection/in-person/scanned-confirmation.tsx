import './in-person-mantine.css';
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { displayNumber } from '../../../shared/format/sticker-number.ts';
import type { Sticker } from '../album-queries.ts';
import type { ConfirmationCode } from './album-code.ts';
import type { InPersonSwap } from './in-person-swaps.ts';
import { confirmSwap } from './table-swap.ts';
import type { MyAlbumState } from './use-my-album-state.ts';

type Props = {
  user: { id: number };
  code: ConfirmationCode;
  state: MyAlbumState;
  /** This phone confirmed this swap already. */
  confirmed: InPersonSwap | undefined;
  onDone: () => void;
};

function StickerList({ title, stickers }: { title: string; stickers: readonly Sticker[] }) {
  return (
    <Stack gap={4}>
      <Text fw={700}>{`${title}: ${stickers.length}`}</Text>
      <List spacing={2} size="sm">
        {stickers.map((sticker) => (
          <List.Item key={sticker.id}>{`${displayNumber(sticker.number)} ${sticker.name}`}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The confirmation code of the collector who read my album code: the same swap from my side ('Tu dai'
 * is what they receive) and 'Conferma', which applies it to my album on this device.
 */
export function ScannedConfirmation({ user, code, state, confirmed, onDone }: Props) {
  const [done, setDone] = useState(confirmed !== undefined);
  const [saving, setSaving] = useState(false);
  const of = (positions: readonly number[]) =>
    positions.map((position) => state.stickers[position] as Sticker);
  if (done) {
    return (
      <Stack gap="sm">
        <Alert color="teal" title="Scambio confermato">
          {`Il tuo album è aggiornato. Lo scambio con ${code.nickname} sarà registrato nei tuoi Scambi appena c'è connessione.`}
        </Alert>
        <Button h={48} variant="default" onClick={onDone}>
          Fine
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={2} size="h4">{`Scambio con ${code.nickname}`}</Title>
      <Text size="sm">Controlla le figurine e conferma: il tuo album si aggiorna subito.</Text>
      <StickerList title="Tu dai" stickers={of(code.receives)} />
      <StickerList title="Ricevi" stickers={of(code.gives)} />
      <Button
        h={48}
        loading={saving}
        onClick={async () => {
          setSaving(true);
          try {
            await confirmSwap(
              { userId: user.id, albumId: code.albumId, stickers: state.stickers, marks: state.marks },
              code,
            );
            setDone(true);
          } finally {
            setSaving(false);
          }
        }}
      >
        Conferma
      </Button>
      <Button variant="subtle" onClick={onDone}>
        Annulla
      </Button>
    </Stack>
  );
}
