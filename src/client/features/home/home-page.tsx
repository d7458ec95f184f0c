import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { AdminLink } from '../../shared/ui/link-to-admin-panel.tsx';
import { AgeBandNotice } from './age-band-notice.tsx';
import { HomeCounters } from './home-counters.tsx';
import { LatestMatches } from './latest-matches.tsx';

export function HomePage() {
  const { user } = useCurrentUser();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Ciao, {user?.nickname}!
      </Title>
      <AgeBandNotice />
      <HomeCounters />
      <LatestMatches />
      <AdminLink />
    </Stack>
  );
}
