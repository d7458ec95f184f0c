import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOnline } from '../../../shared/api/use-online.ts';
import { useAlbums } from '../album-queries.ts';
import type { Code } from './album-code.ts';
import { findInPersonSwap, type InPersonSwap, loadInPersonSwaps } from './in-person-swaps.ts';
import { wasShown } from './my-codes.ts';
import { ScannedAlbumCode } from './scanned-album-code.tsx';
import { ScannedConfirmation } from './scanned-confirmation.tsx';
import { confirmationKey } from './table-swap.ts';
import { type MyAlbumState, useMyAlbumState } from './use-my-album-state.ts';

type Props = { user: { id: number; nickname: string }; code: Code; onDone: () => void };

/** Why this phone cannot use a code that decoded well, or null when it can. */
function codeProblem(user: Props['user'], code: Code, state: MyAlbumState): string | null {
  if (code.fingerprint !== state.fingerprint)
    return "Il codice è stato fatto con un'altra versione dell'album: aprite entrambi l'album con la connessione e rifate il codice.";
  if (code.nickname === user.nickname)
    return code.kind === 'album'
      ? "Questo è il tuo codice: fallo scansionare all'altro collezionista."
      : "Questo codice di conferma l'hai fatto tu: fallo scansionare all'altro collezionista.";
  if (code.kind === 'album') return code.states.length === state.stickers.length ? null : 'Codice non valido';
  const fits = [...code.gives, ...code.receives].every((position) => position < state.stickers.length);
  if (!fits) return 'Codice non valido';
  if (!wasShown(user.id, code.albumId, code.scannedNonce))
    return `Questo codice di conferma non risponde a un codice mostrato da questo telefono: fai scansionare di nuovo il tuo codice a ${code.nickname}.`;
  return null;
}

function Problem({ text, onDone }: { text: string; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="red" title="Codice non utilizzabile">
        {text}
      </Alert>
      <Button h={44} variant="default" onClick={onDone}>
        Indietro
      </Button>
    </Stack>
  );
}

/** A code read by the camera or opened as a link: checked against what this phone knows, then used. */
export function ReadCode({ user, code, onDone }: Props) {
  const albums = useAlbums();
  const state = useMyAlbumState(user.id, code.albumId);
  const online = useOnline();
  const [confirmed, setConfirmed] = useState<InPersonSwap | undefined | null>(null);
  useEffect(() => {
    if (code.kind !== 'confirmation') return;
    let current = true;
    void loadInPersonSwaps()
      .then(() => confirmationKey(code))
      .then((key) => current && setConfirmed(findInPersonSwap(user.id, key)));
    return () => {
      current = false;
    };
  }, [code, user.id]);

  if (albums.data && !albums.data.some((album) => album.id === code.albumId))
    return (
      <Problem
        text="Questo codice è di un album che questo telefono non conosce: apri l'app con la connessione e riprova."
        onDone={onDone}
      />
    );
  if (!state && !online)
    return (
      <Problem
        text="Questo telefono non ha ancora l'album del codice: aprilo una volta con la connessione, poi lo scambio dal vivo funziona anche senza."
        onDone={onDone}
      />
    );
  if (!state || (code.kind === 'confirmation' && confirmed === null)) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento dell'album" />
      </Center>
    );
  }
  const problem = codeProblem(user, code, state);
  if (problem) return <Problem text={problem} onDone={onDone} />;
  return code.kind === 'album' ? (
    <ScannedAlbumCode user={user} code={code} state={state} onDone={onDone} />
  ) : (
    <ScannedConfirmation
      user={user}
      code={code}
      state={state}
      confirmed={confirmed ?? undefined}
      onDone={onDone}
    />
  );
}
