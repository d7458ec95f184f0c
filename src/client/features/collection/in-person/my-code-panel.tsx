import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { formatTime } from '../../../shared/format/dates.ts';
import { codeLink } from './album-code.ts';
import { CodeBox } from './code-box.tsx';
import { newAlbumCode } from './table-swap.ts';
import type { MyAlbumState } from './use-my-album-state.ts';

type Props = { user: { id: number; nickname: string }; albumId: number; state: MyAlbumState };

/**
 * 'Il mio codice': my album as the device knows it now, what I have and which doubles I can give (those
 * promised in accepted swaps held back). A new code, with a new nonce, whenever my album changes.
 */
export function MyCodePanel({ user, albumId, state }: Props) {
  const statesKey = state.states.join('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new code only when what it says changes
  const code = useMemo(
    () => newAlbumCode(user, albumId, state.fingerprint, state.states),
    [user.id, user.nickname, albumId, state.fingerprint, statesKey],
  );
  const doubles = state.states.filter((value) => value === 2).length;
  const missing = state.states.filter((value) => value === 0).length;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Fai scansionare questo codice all'altro collezionista con 'Scansiona' nella sua app: vedrà subito cosa
        potete scambiarvi. Funziona anche senza connessione.
      </Text>
      <CodeBox link={codeLink(window.location.origin, code)} title={`Il codice di ${user.nickname}`} />
      <Text size="sm" c="dimmed" ta="center">
        {`${user.nickname} · ti mancano ${missing} · ${doubles} doppie da dare · creato alle ${formatTime(new Date(code.createdAt * 1000))}`}
      </Text>
    </Stack>
  );
}
