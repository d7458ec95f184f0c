import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { AdminLink } from '../../shared/ui/link-to-admin-panel.tsx';
import { AgeBandNotice } from './age-band-notice.tsx';
import { HomeCounters } from './home-counters.tsx';
import { LatestMatches } from './latest-matches.tsx';

/** Home; `raduni` is the card of the meets near me (features do not import each other: the app joins it). */
export function HomePage({ raduni }: { raduni?: React.ReactNode }) {
  const { user } = useCurrentUser();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Ciao, {user?.nickname}!
      </Title>
      <AgeBandNotice />
      <HomeCounters />
      {raduni}
      <LatestMatches />
      <AdminLink />
    </Stack>
  );
}
