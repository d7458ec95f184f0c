import { Button, Card, Stack, Text } from '@mantine/core';

/** What the album screen shows when a list could not be loaded: the reason and a way to try again. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card withBorder padding="lg" radius="md" role="alert">
      <Stack align="center" gap="sm">
        <Text fw={600} ta="center">
          {message}
        </Text>
        <Button variant="light" onClick={onRetry}>
          Riprova
        </Button>
      </Stack>
    </Card>
  );
}
