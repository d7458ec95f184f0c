import { Button, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The search needs an album: the choice is made in the profile. */
export function NoAlbumPrompt() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack align="center" gap="sm">
        <Text ta="center">Seleziona un album attivo per trovare match</Text>
        <Button component={Link} to="/profile">
          Vai al profilo
        </Button>
      </Stack>
    </Card>
  );
}
