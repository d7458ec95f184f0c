import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlbum } from '@tabler/icons-react';
import { LoadFailure } from '../../../shared/ui/load-failure.tsx';

type Props = {
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  onCreate: () => void;
};

/** What 'Gestione Album' shows instead of the list: loading, a failure to retry, or no album yet. */
export function AlbumListState({ loading, failed, retrying, onRetry, onCreate }: Props) {
  if (loading) {
    return (
      <Group justify="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Caricamento album...</Text>
      </Group>
    );
  }
  if (failed) {
    return <LoadFailure message="Errore nel caricamento degli album" onRetry={onRetry} retrying={retrying} />;
  }
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm">
        <IconAlbum size={48} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={3}>Nessun Album Trovato</Title>
        <Text c="dimmed" ta="center">
          Non ci sono album nel sistema. Crea il primo album per iniziare!
        </Text>
        <Button onClick={onCreate}>Crea Primo Album</Button>
      </Stack>
    </Card>
  );
}
