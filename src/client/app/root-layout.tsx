import { Box, Container, Group } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Logo } from '../shared/ui/logo.tsx';
import { BottomTabBar, TAB_BAR_HEIGHT } from './bottom-tab-bar.tsx';
import { isAdminPath } from './user-paths.ts';

const isAlbumPath = (path: string) => path === '/album' || path.startsWith('/album/');

/** The user screens' frame: the logo header (not on the album screen) and the phone tab bar. */
export function RootLayout() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) return <Outlet />;

  const onLogin = pathname === '/login';
  return (
    <>
      {!isAlbumPath(pathname) && !onLogin && (
        <Box
          component="header"
          py="sm"
          px="md"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group justify="center">
            <Logo />
          </Group>
        </Box>
      )}
      <Container component="main" size="sm" px="md" py="md" pb={onLogin ? 'md' : TAB_BAR_HEIGHT + 16}>
        <Outlet />
      </Container>
      {!onLogin && <BottomTabBar />}
    </>
  );
}
