import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { AdminLink } from '../../shared/ui/admin-link.tsx';

const COUNTERS = [
  { label: 'Raccolte', color: 'indigo' },
  { label: 'Doppie', color: 'orange' },
  { label: 'Mancanti', color: 'red' },
] as const;

export function HomePage() {
  const { user } = useCurrentUser();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Ciao, {user?.nickname}!
      </Title>
      <SimpleGrid cols={3} spacing="sm">
        {COUNTERS.map((counter) => (
          <Card key={counter.label} withBorder padding="sm" radius="md" ta="center">
            <Text fz={28} fw={800} c={`${counter.color}.7`}>
              0
            </Text>
            <Text fz="sm" c="dimmed">
              {counter.label}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Ultimi Match
        </Title>
        <Card withBorder padding="lg" radius="md">
          <Stack align="center" gap="sm">
            <Text fw={600}>Nessun match trovato</Text>
            <Button component={Link} to="/match">
              Trova Match
            </Button>
          </Stack>
        </Card>
      </Stack>
      <AdminLink />
    </Stack>
  );
}
