import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A path under /admin that names no section: stay in the panel and offer the way back. */
export function SectionNotFound() {
  return (
    <Stack gap="sm">
      <Title order={2}>Sezione non trovata</Title>
      <Text c="dimmed">Questa pagina del pannello non esiste.</Text>
      <Anchor component={Link} to="/admin">
        Vai alla Dashboard
      </Anchor>
    </Stack>
  );
}
