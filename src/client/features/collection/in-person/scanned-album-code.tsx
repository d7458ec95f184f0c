import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { initialChoice, toggled } from '../../../shared/swaps/initial-choice.ts';
import type { Sticker } from '../album-queries.ts';
import { type AlbumCode, type ConfirmationCode, codeLink } from './album-code.ts';
import { mutualPositions } from './album-state.ts';
import { CodeBox } from './code-box.tsx';
import { TableChecklist } from './table-checklist.tsx';
import { CODE_FRESH_DAYS, codeAgeDays, pickSwap } from './table-swap.ts';
import type { MyAlbumState } from './use-my-album-state.ts';

type Props = {
  user: { id: number; nickname: string };
  code: AlbumCode;
  state: MyAlbumState;
  onDone: () => void;
};

type Line = { number: string; name: string; kind: Sticker['kind']; position: number };

const lineOf = (stickers: readonly Sticker[]) => (position: number) => {
  const sticker = stickers[position] as Sticker;
  return { number: sticker.number, name: sticker.name, kind: sticker.kind, position };
};

/**
 * Another collector's album code read (camera or link): at once, on this device, what I can give them
 * ('Tu dai': my free doubles they miss) and what they can give me ('Ricevi'), to tick as in the swap
 * chooser; 'Scambio fatto' applies my side and shows the confirmation code for their phone.
 */
export function ScannedAlbumCode({ user, code, state, onDone }: Props) {
  const lists = useMemo(() => {
    const { give, receive } = mutualPositions(state.states, code.states);
    const line = lineOf(state.stickers);
    return { give: give.map(line), receive: receive.map(line) };
  }, [state, code]);
  // Like for like, by my saved switch (issue 49, row 3): at the table as in the chooser.
  const mixKinds = useCurrentUser().user?.mixSpecialKinds === true;
  const [choice, setChoice] = useState(() => initialChoice(lists.give, lists.receive, mixKinds));
  const [confirmation, setConfirmation] = useState<ConfirmationCode | null>(null);
  const [saving, setSaving] = useState(false);
  const age = codeAgeDays(code.createdAt);
  // At the table a gift is a swap too: one side may be empty.
  const nothing = choice.give.size === 0 && choice.receive.size === 0;

  if (confirmation) {
    return (
      <Stack gap="sm">
        <Title order={2} size="h4">
          Scambio fatto
        </Title>
        <Text>
          {`Il tuo album è aggiornato. Ora fai scansionare questo codice a ${code.nickname}: lo apre con 'Scansiona', vede lo stesso scambio e tocca 'Conferma'.`}
        </Text>
        <CodeBox
          link={codeLink(window.location.origin, confirmation)}
          title={`Conferma dello scambio con ${user.nickname}`}
        />
        <Button h={48} variant="default" onClick={onDone}>
          Fine
        </Button>
      </Stack>
    );
  }

  const positions = (numbers: ReadonlySet<string>, from: readonly Line[]) =>
    from.filter((line) => numbers.has(line.number)).map((line) => line.position);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">{`Scambio con ${code.nickname}`}</Title>
      {age >= CODE_FRESH_DAYS && (
        <Alert color="yellow" title="Codice non recente">
          {`Questo codice è di ${age} giorni fa: l'album di ${code.nickname} potrebbe essere cambiato. Chiedigli di mostrarti il suo codice di adesso.`}
        </Alert>
      )}
      <TableChecklist
        title="Tu dai"
        stickers={lists.give}
        chosen={choice.give}
        onToggle={(number) => setChoice((now) => ({ ...now, give: toggled(now.give, number) }))}
      />
      <TableChecklist
        title="Ricevi"
        stickers={lists.receive}
        chosen={choice.receive}
        onToggle={(number) => setChoice((now) => ({ ...now, receive: toggled(now.receive, number) }))}
      />
      {nothing && (
        <Text size="sm" c="dimmed" role="status">
          {lists.give.length === 0 && lists.receive.length === 0
            ? 'Al momento non avete figurine da scambiare in questo album'
            : 'Scegli almeno una figurina'}
        </Text>
      )}
      <Button
        h={48}
        disabled={nothing}
        loading={saving}
        onClick={async () => {
          setSaving(true);
          try {
            const picked = await pickSwap(
              {
                userId: user.id,
                nickname: user.nickname,
                albumId: code.albumId,
                print: state.fingerprint,
                stickers: state.stickers,
                marks: state.marks,
              },
              code,
              positions(choice.give, lists.give),
              positions(choice.receive, lists.receive),
            );
            setConfirmation(picked.confirmation);
          } finally {
            setSaving(false);
          }
        }}
      >
        Scambio fatto
      </Button>
      <Button variant="subtle" onClick={onDone}>
        Annulla
      </Button>
    </Stack>
  );
}
