import { Button, Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function LatestMatchesSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Caricamento dei match">
      <VisuallyHidden>Caricamento...</VisuallyHidden>
      {[0, 1].map((key) => (
        <Card key={key} withBorder radius="md" padding="sm" aria-hidden>
          <Group wrap="nowrap" gap="sm">
            <Skeleton circle height={38} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={14} width="45%" />
              <Skeleton height={12} width="30%" />
            </Stack>
            <Skeleton height={36} width={80} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function NoMatchesYet() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack align="center" gap="sm">
        <Text fw={600}>Nessun match trovato</Text>
        <Button component={Link} to="/match">
          Trova Match
        </Button>
      </Stack>
    </Card>
  );
}
