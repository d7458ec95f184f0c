import { Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';

/** The shape of the first cards while the first search runs. */
export function CandidateSkeletons() {
  return (
    <Stack gap="sm" role="status" aria-label="Ricerca dei match in corso">
      <VisuallyHidden>Caricamento...</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <Card key={key} withBorder radius="md" padding="md" aria-hidden>
          <Group wrap="nowrap" gap="sm">
            <Skeleton circle height={56} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={14} width="50%" />
              <Skeleton height={12} width="35%" />
            </Stack>
          </Group>
          <Skeleton height={26} mt="md" radius="xl" />
          <Skeleton height={42} mt="md" />
        </Card>
      ))}
    </Stack>
  );
}

export function NoCandidates() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack align="center" gap={4}>
        <Text fw={600} ta="center">
          Nessun match trovato nella tua zona
        </Text>
        <Text c="dimmed" ta="center">
          Prova ad aumentare il raggio di ricerca
        </Text>
      </Stack>
    </Card>
  );
}
