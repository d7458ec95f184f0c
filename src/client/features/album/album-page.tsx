import { Card, Stack, Text, Title } from '@mantine/core';

export function AlbumPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Album
      </Title>
      <Card withBorder padding="lg" radius="md">
        <Text ta="center" c="dimmed">
          Nessun album disponibile
        </Text>
      </Card>
    </Stack>
  );
}
