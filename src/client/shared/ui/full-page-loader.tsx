import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="60dvh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Caricamento...</Text>
      </Stack>
    </Center>
  );
}
