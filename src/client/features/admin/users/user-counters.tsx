import { SimpleGrid } from '@mantine/core';
import { IconUserCheck, IconUserOff, IconUsers } from '@tabler/icons-react';
import { trpc } from '../../../shared/api/trpc.ts';
import { StatCard } from '../stat-card.tsx';

/** All users, whatever the search: the list shows a page of them, these say how many there are. */
export function UserCounters() {
  const counts = trpc.users.counts.useQuery();
  const loading = counts.isPending;
  return (
    <SimpleGrid cols={3} spacing="lg">
      <StatCard label="Totali" value={counts.data?.total} loading={loading} icon={IconUsers} color="indigo" />
      <StatCard
        label="Attivi"
        value={counts.data?.active}
        loading={loading}
        icon={IconUserCheck}
        color="teal"
      />
      <StatCard
        label="Disattivati"
        value={counts.data?.inactive}
        loading={loading}
        icon={IconUserOff}
        color="red"
      />
    </SimpleGrid>
  );
}
