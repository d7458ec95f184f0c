import { Box, Container, Group } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { usePushRefresh } from '../features/alerts/use-push-refresh.ts';
import { useChatOutboxSync } from '../features/chat/use-chat-outbox-sync.ts';
import { useInPersonSync } from '../features/collection/in-person/use-in-person-sync.ts';
import { useOutboxSync } from '../features/collection/outbox/use-outbox-sync.ts';
import { ProfileInUse } from '../features/family/profile-in-use.tsx';
import { useCheckInSync } from '../features/raduni/use-check-in-sync.ts';
import { useOnline } from '../shared/api/use-online.ts';
import { useCurrentUser } from '../shared/session/use-current-user.ts';
import { usePendingLogoutSync } from '../shared/session/use-pending-logouts.ts';
import { Logo } from '../shared/ui/logo.tsx';
import { BottomTabBar, TAB_BAR_HEIGHT } from './bottom-tab-bar.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { OfflineNotice, useConnectionNeededText } from './offline-notice.tsx';
import { UnsentChangesProvider } from './unsent-changes-provider.tsx';
import { isAdminPath, isPublicScreen, isStrangerScreen } from './user-paths.ts';

const TermsNotice = lazy(async () => ({
  default: (await import('../features/users/terms-notice.tsx')).TermsNotice,
}));

const isAlbumPath = (path: string) => path === '/album' || path.startsWith('/album/');

/** The user screens' frame: the logo header (not on the album screen) and the phone tab bar. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const userId = user?.id;
  // Taps queued offline, here or in an earlier visit, go out whatever screen is open.
  useOutboxSync(userId);
  // …and the swaps made at a table, to record on the server (issue 34).
  useInPersonSync(userId);
  // …and the check-ins at a meet made with no signal (issue 46).
  useCheckInSync(userId);
  // …and the chat messages written with no connection (issue 48, row 4), whichever chat they are for.
  useChatOutboxSync(userId);
  // Logouts made offline reach the server at the next start or return of the connection.
  usePendingLogoutSync();
  // This device's notifications, posted again at every open and login where the browser allows them.
  usePushRefresh(userId);
  const online = useOnline();
  const offlineText = useConnectionNeededText(pathname, online);
  const screen = offlineText ? (
    <OfflineNotice text={offlineText} path={pathname} />
  ) : (
    <UnsentChangesProvider userId={userId}>
      <Outlet />
    </UnsentChangesProvider>
  );
  if (isAdminPath(pathname)) return screen;

  // A stranger on a public screen (the informativa, a shared list) gets no tab bar leading to the login.
  const onLogin = isStrangerScreen(pathname) || (isPublicScreen(pathname) && userId === undefined);
  return (
    <>
      {!onLogin && <OfflineBanner userId={userId} />}
      {!isAlbumPath(pathname) && !onLogin && (
        <Box
          component="header"
          py="sm"
          px="md"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group justify="center" gap="sm">
            <Logo />
            <ProfileInUse />
          </Group>
        </Box>
      )}
      <Container component="main" size="sm" px="md" py="md" pb={onLogin ? 'md' : TAB_BAR_HEIGHT + 16}>
        {screen}
      </Container>
      {/* Changed Termini, shown once to a collector (issue 47); not over the Termini themselves. */}
      {user?.termsOutdated && !pathname.startsWith('/termini') && (
        <Suspense fallback={null}>
          <TermsNotice />
        </Suspense>
      )}
      {!onLogin && <BottomTabBar />}
    </>
  );
}
