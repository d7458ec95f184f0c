import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure.tsx';

type Props = {
  loading: boolean;
  /** e.g. 'Caricamento album...' */
  loadingText: string;
  /** Set when the list could not be loaded: what failed, and 'Riprova'. */
  failure?: { message: string; onRetry: () => void; retrying?: boolean } | false;
  empty: { icon: TablerIcon; title: string; text?: string; action?: ReactNode };
};

/** What a list shows instead of its rows: loading, a failure to retry, or nothing to show yet. */
export function ListState({ loading, loadingText, failure, empty }: Props) {
  if (failure) return <LoadFailure {...failure} />;
  if (loading) {
    return (
      <Group justify="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{loadingText}</Text>
      </Group>
    );
  }
  const Icon = empty.icon;
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="xs">
        <Icon size={44} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={3} size="h4" ta="center">
          {empty.title}
        </Title>
        {empty.text && (
          <Text c="dimmed" size="sm" ta="center">
            {empty.text}
          </Text>
        )}
        {empty.action}
      </Stack>
    </Card>
  );
}
