import './in-person-mantine.css';
import { Alert, Button, Center, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useOnline } from '../../../shared/api/use-online.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { useAlbums } from '../album-queries.ts';
import { type Code, CodeError, codeOfLink } from './album-code.ts';
import { InPersonHistory } from './in-person-history.tsx';
import { MyCodePanel } from './my-code-panel.tsx';
import { ReadCode } from './read-code.tsx';
import { useMyAlbumState } from './use-my-album-state.ts';

/** The camera and its decoder come only when a collector scans. */
const QrScanner = lazy(() => import('./qr-scanner.tsx').then((module) => ({ default: module.QrScanner })));

type Read = { code: Code } | { error: string } | null;

function readLink(text: string): Read {
  try {
    return { code: codeOfLink(text) };
  } catch (error) {
    if (error instanceof CodeError)
      return { error: 'Questo QR non è un codice di Scambio Figurine, o è rovinato.' };
    throw error;
  }
}

/** The code a link carried to this screen, in the fragment (read only: a render may be thrown away). */
function linkCode(): Read {
  const { hash } = window.location;
  return hash.length > 1 ? readLink(hash) : null;
}

/** Takes the code off the address once it is on screen, so a reload or a shared screenshot forgets it. */
function forgetLinkCode() {
  const { hash, pathname, search } = window.location;
  if (hash.length > 1) history.replaceState(history.state, '', `${pathname}${search}`);
}

/**
 * 'Scambio dal vivo' (issue 34): at the table, with or without signal. 'Il mio codice' shows my album as
 * a QR code and a link; 'Scansiona' reads the other's, and this phone lists at once what each can give;
 * the swap is applied on both phones and recorded on the server when the connection comes back.
 */
export function InPersonPage() {
  const user = useCurrentUser().user;
  const albums = useAlbums().data;
  const search = useSearch({ from: '/_authed/dal-vivo' });
  const navigate = useNavigate();
  const [read, setRead] = useState<Read>(linkCode);
  const [mode, setMode] = useState<'code' | 'scan'>(search.scansiona ? 'scan' : 'code');
  useEffect(() => {
    forgetLinkCode();
    const onHash = () => {
      const code = linkCode();
      forgetLinkCode();
      if (code) setRead(code);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  if (!user) return null;
  const albumId = search.album ?? user.albumSelezionato ?? albums?.[0]?.id;

  let body: React.ReactNode;
  if (read && 'code' in read) {
    body = (
      <ReadCode
        user={user}
        code={read.code}
        onDone={() => {
          // Back to my code, not to a camera still pointed at the code just read.
          setMode('code');
          setRead(null);
        }}
      />
    );
  } else if (albumId === undefined) {
    body = albums ? (
      <Text>Non ci sono ancora album.</Text>
    ) : (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento..." />
      </Center>
    );
  } else {
    body = (
      <Stack gap="md">
        <Select
          label="Album"
          data={(albums ?? []).map((album) => ({ value: String(album.id), label: album.name }))}
          value={String(albumId)}
          allowDeselect={false}
          onChange={(value) =>
            value && void navigate({ to: '/dal-vivo', search: { album: Number(value) }, replace: true })
          }
        />
        <SegmentedControl
          fullWidth
          size="md"
          value={mode}
          onChange={(value) => setMode(value as 'code' | 'scan')}
          data={[
            { value: 'code', label: 'Il mio codice' },
            { value: 'scan', label: 'Scansiona' },
          ]}
        />
        {read && 'error' in read && (
          <Alert color="red" title="Codice non valido" withCloseButton onClose={() => setRead(null)}>
            {read.error}
          </Alert>
        )}
        {mode === 'code' ? (
          <MyCode userId={user.id} nickname={user.nickname} albumId={albumId} />
        ) : (
          <Suspense
            fallback={
              <Center py="xl" role="status">
                <Loader aria-label="Avvio della fotocamera…" />
              </Center>
            }
          >
            <QrScanner onCode={(text) => setRead(readLink(text))} />
          </Suspense>
        )}
        <Button
          onClick={() => void navigate({ to: '/dal-vivo/stampa', search: { album: albumId } })}
          variant="default"
          h={44}
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          Stampa la mancolista
        </Button>
        <InPersonHistory userId={user.id} albumId={albumId} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Scambio dal vivo
      </Title>
      {body}
    </Stack>
  );
}

function MyCode({ userId, nickname, albumId }: { userId: number; nickname: string; albumId: number }) {
  const state = useMyAlbumState(userId, albumId);
  const online = useOnline();
  if (!state && !online)
    return (
      <Text>
        Questo telefono non ha ancora questo album: aprilo una volta con la connessione, poi il codice si fa
        anche senza.
      </Text>
    );
  if (!state)
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento dell'album" />
      </Center>
    );
  return <MyCodePanel user={{ id: userId, nickname }} albumId={albumId} state={state} />;
}
