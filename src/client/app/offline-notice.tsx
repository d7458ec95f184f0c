import { Card, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** What a screen that needs the server says offline, instead of waiting or failing. */
const NEEDS_CONNECTION: { matches: (path: string) => boolean; text: string }[] = [
  { matches: (path) => path === '/match', text: 'La ricerca match ha bisogno della connessione.' },
  { matches: (path) => path.startsWith('/chat/'), text: 'La chat ha bisogno della connessione.' },
  {
    matches: (path) => path === '/admin' || path.startsWith('/admin/'),
    text: 'Il pannello di amministrazione ha bisogno della connessione.',
  },
];

export function connectionNeededText(path: string): string | undefined {
  return NEEDS_CONNECTION.find((screen) => screen.matches(path))?.text;
}

export function OfflineNotice({ text }: { text: string }) {
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
      </Stack>
    </Card>
  );
}
