import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1}>404</Title>
      <Text fz="lg" fw={600}>
        Page Not Found
      </Text>
      <Text c="dimmed" ta="center">
        La pagina che cerchi non esiste.
      </Text>
      <Button component={Link} to="/">
        Torna alla Home
      </Button>
    </Stack>
  );
}
