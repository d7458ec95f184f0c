import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** /album/{id} for an album that does not exist (a stale link, or one the admin deleted). */
export function AlbumNotFound() {
  return (
    <Card withBorder padding="lg" radius="md" role="alert">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3" ta="center">
          Album non trovato
        </Title>
        <Text c="dimmed" ta="center">
          Questo album non esiste più o il link non è corretto.
        </Text>
        <Button component={Link} to="/album">
          Torna agli album
        </Button>
      </Stack>
    </Card>
  );
}
