import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AdminLink } from '../../shared/ui/admin-link.tsx';

export function MatchPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Trova Match
      </Title>
      <Card withBorder padding="lg" radius="md">
        <Stack align="center" gap="sm">
          <Text ta="center">Seleziona un album attivo per trovare match</Text>
          <Button component={Link} to="/profile">
            Vai al profilo
          </Button>
        </Stack>
      </Card>
      <AdminLink />
    </Stack>
  );
}
