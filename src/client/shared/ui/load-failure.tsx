import { Button, Card, Stack, Text } from '@mantine/core';

/** What a screen shows when its data could not be loaded: what failed and a way to try again. */
export function LoadFailure({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Card withBorder padding="lg" radius="md" role="alert">
      <Stack align="center" gap="sm">
        <Text fw={600} c="red.7" ta="center">
          {message}
        </Text>
        <Button variant="light" loading={retrying} onClick={onRetry}>
          Riprova
        </Button>
      </Stack>
    </Card>
  );
}
