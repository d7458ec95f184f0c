import { Box, Container, Group } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Logo } from '../shared/ui/logo.tsx';
import { AccessGuard } from './access-guard.tsx';
import { BottomTabBar, TAB_BAR_HEIGHT } from './bottom-tab-bar.tsx';
import { isAdminPath } from './user-paths.ts';

export function RootLayout() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) return <Outlet />;

  const onLogin = pathname === '/login';
  return (
    <AccessGuard>
      {pathname !== '/album' && !onLogin && (
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
    </AccessGuard>
  );
}
