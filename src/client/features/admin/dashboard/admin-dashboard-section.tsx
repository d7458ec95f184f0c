import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlbum, IconFlag, IconUsers } from '@tabler/icons-react';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { LoadFailure } from '../../../shared/ui/load-failure.tsx';
import { StatCard } from '../stat-card.tsx';

/** /admin: the three figures an administrator checks first. */
export function AdminDashboardSection() {
  const { user } = useCurrentUser();
  const stats = trpc.admin.stats.useQuery();
  const loading = stats.isPending;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Dashboard</Title>
        {user && <Text c="dimmed">Ciao, {user.nickname}.</Text>}
      </div>
      {stats.isError ? (
        <LoadFailure
          message="Errore nel caricamento delle statistiche"
          onRetry={() => stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <SimpleGrid cols={3} spacing="lg">
          <StatCard
            label="Utenti totali"
            value={stats.data?.totalUsers}
            loading={loading}
            icon={IconUsers}
            color="indigo"
          />
          <StatCard
            label="Album attivi"
            value={stats.data?.activeAlbums}
            loading={loading}
            icon={IconAlbum}
            color="teal"
          />
          <StatCard
            label="Segnalazioni"
            value={stats.data?.pendingReports}
            loading={loading}
            icon={IconFlag}
            color="orange"
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
