import { Button, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * A collector who has marked nothing yet: the search can only guess what they miss and has nothing to
 * offer for them, so the first step, from Home as from Trova Match, is the album Home shows, not the
 * search nor the profile.
 */
export function MarkFirstPrompt({ albumId, albumName }: { albumId: number; albumName: string }) {
  return (
    <Card withBorder padding="lg" radius="md" bg="indigo.0">
      <Stack gap="sm">
        <Text fw={700}>Segna prima le figurine che hai</Text>
        <Text size="sm">
          Così sappiamo cosa ti manca e quali sono le tue doppie, e ti mostriamo chi può scambiare con te in{' '}
          {albumName}.
        </Text>
        <Button renderRoot={(props) => <Link {...props} to="/album/$albumId" params={{ albumId }} />} h={44}>
          Segna le tue figurine
        </Button>
      </Stack>
    </Card>
  );
}
