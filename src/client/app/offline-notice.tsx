import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconQrcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../shared/api/trpc.ts';

/** Whether this device keeps the chat at that path (one of the last opened: see query-persistence.ts). */
type KeptChat = (path: string) => boolean;

/** What a screen that needs the server says offline, instead of waiting or failing. */
const NEEDS_CONNECTION: { matches: (path: string, keptChat: KeptChat) => boolean; text: string }[] = [
  { matches: (path) => path === '/match', text: 'La ricerca match ha bisogno della connessione.' },
  {
    matches: (path, keptChat) => path.startsWith('/chat/') && !keptChat(path),
    text: 'La chat ha bisogno della connessione.',
  },
  {
    matches: (path) => path === '/admin' || path.startsWith('/admin/'),
    text: 'Il pannello di amministrazione ha bisogno della connessione.',
  },
];

function connectionNeededText(path: string, keptChat: KeptChat): string | undefined {
  return NEEDS_CONNECTION.find((screen) => screen.matches(path, keptChat))?.text;
}

/** Offline, what the screen at `path` says instead of itself; a chat kept on the device reads as ever. */
export function useConnectionNeededText(path: string, online: boolean): string | undefined {
  const utils = trpc.useUtils();
  if (online) return undefined;
  return connectionNeededText(path, (chatPath) => {
    const matchId = Number(chatPath.slice('/chat/'.length));
    return Number.isInteger(matchId) && utils.chat.messages.getData({ matchId }) !== undefined;
  });
}

/** Offline, the match search points to the swap that needs no connection: the one at the table. */
export function OfflineNotice({ text, path }: { text: string; path: string }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={480} mx="auto" mt="md">
      <Stack gap="xs" align="center" ta="center">
        <IconCloudOff size={32} aria-hidden />
        <Title order={2} size="h4">
          Sei offline
        </Title>
        <Text>{text}</Text>
        <Text size="sm" c="dimmed">
          Riprova quando torna la connessione. Gli album che hai già aperto restano consultabili.
        </Text>
        {path === '/match' && (
          <>
            <Text size="sm">
              Sei a un tavolo di scambio? Lo scambio dal vivo funziona anche senza connessione.
            </Text>
            <Button
              variant="light"
              h={44}
              leftSection={<IconQrcode size={18} aria-hidden />}
              renderRoot={(props) => <Link {...props} to="/dal-vivo" />}
            >
              Scambio dal vivo
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
