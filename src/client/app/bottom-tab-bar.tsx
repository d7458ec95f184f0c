import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBook2, IconHome, IconUser, IconUsers } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { fireAlbumReset } from '../features/collection/album-reset-event.ts';

export const TAB_BAR_HEIGHT = 64;

const TABS = [
  { label: 'Home', to: '/', Icon: IconHome, active: (path: string) => path === '/' || path === '/dashboard' },
  {
    label: 'Match',
    to: '/match',
    Icon: IconUsers,
    active: (path: string) => path === '/match' || path.startsWith('/chat/'),
  },
  {
    label: 'Album',
    to: '/album',
    Icon: IconBook2,
    active: (path: string) => path === '/album' || path.startsWith('/album/'),
  },
  { label: 'Profilo', to: '/profile', Icon: IconUser, active: (path: string) => path === '/profile' },
] as const;

/** The phone navigation: only under 768 px (Mantine's `sm` breakpoint is 48em). */
export function BottomTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const router = useRouter();

  // The album is the core loop: the list's code is fetched as soon as a collector is in, not on the tap
  // (an opened album's, heavier, when a finger touches an album: see AlbumPage).
  useEffect(() => {
    void router.loadRouteChunk(router.routesById['/_authed/album']);
  }, [router]);

  return (
    <Box
      component="nav"
      aria-label="Navigazione principale"
      hiddenFrom="sm"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      bg="white"
      style={{
        zIndex: 100,
        borderTop: '1px solid var(--mantine-color-gray-3)',
        paddingBottom: 'env(safe-area-inset-bottom)',
      }}
    >
      <Group grow gap={0} h={TAB_BAR_HEIGHT}>
        {TABS.map((tab) => {
          const active = tab.active(pathname);
          return (
            <UnstyledButton
              key={tab.to}
              aria-current={active ? 'page' : undefined}
              h="100%"
              onClick={() => {
                if (tab.to === '/album') fireAlbumReset();
                void navigate({ to: tab.to });
              }}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <tab.Icon
                size={24}
                stroke={active ? 2.2 : 1.6}
                color={`var(--mantine-color-${active ? 'indigo-7' : 'gray-6'})`}
                aria-hidden
              />
              <Text fz="xs" fw={active ? 700 : 500} c={active ? 'indigo.7' : 'gray.7'}>
                {tab.label}
              </Text>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
