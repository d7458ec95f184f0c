import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBook2, IconHome, IconUser, IconUsers } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAppBadge } from '../features/alerts/app-badge.ts';
import { useUnreadMessages } from '../features/chat/use-unread-messages.ts';
import { fireAlbumReset } from '../features/collection/album-reset-event.ts';
import { useWaitingSwaps } from '../features/swaps/use-waiting-swaps.ts';
import { useSettled } from '../shared/api/use-settled.ts';
import { useCurrentUser } from '../shared/session/use-current-user.ts';

export const TAB_BAR_HEIGHT = 64;

const TABS = [
  { label: 'Home', to: '/', Icon: IconHome, active: (path: string) => path === '/' || path === '/dashboard' },
  {
    label: 'Match',
    to: '/match',
    Icon: IconUsers,
    active: (path: string) => path === '/match' || path.startsWith('/chat/') || path === '/scambi',
  },
  {
    label: 'Album',
    to: '/album',
    Icon: IconBook2,
    active: (path: string) => path === '/album' || path.startsWith('/album/'),
  },
  { label: 'Profilo', to: '/profile', Icon: IconUser, active: (path: string) => path === '/profile' },
] as const;

/** '2 messaggi non letti e 1 scambio in attesa': what the badge's number adds up. */
function badgeLabel(unread: number, waitingSwaps: number): string {
  const parts = [];
  if (unread > 0) parts.push(unread === 1 ? '1 messaggio non letto' : `${unread} messaggi non letti`);
  if (waitingSwaps > 0) {
    parts.push(waitingSwaps === 1 ? '1 scambio in attesa' : `${waitingSwaps} scambi in attesa`);
  }
  return parts.join(' e ');
}

const BADGE_SHAPE = {
  borderRadius: 11,
  border: '2px solid white',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontVariantNumeric: 'tabular-nums',
} as const;

/**
 * The Match tab's red badge: messages of the others not read yet, in any of my chats, plus the swaps
 * waiting for my answer or my confirmation.
 */
function UnreadBadge({ pathname, children }: { pathname: string; children: React.ReactNode }) {
  const openChat = /^\/chat\/(\d+)$/.exec(pathname)?.[1];
  const unreadMessages = useUnreadMessages(openChat ? Number(openChat) : null);
  const waitingSwaps = useWaitingSwaps(useSettled());
  const unread = unreadMessages + waitingSwaps;
  useAppBadge(unread);
  return (
    <Box pos="relative" style={{ display: 'flex' }}>
      {children}
      {unread > 0 && (
        // role img: read as its label ('3 messaggi non letti'), not as a bare '3'. A plain span, not
        // Mantine's Badge: this bar is in the first chunk every screen (/login too) downloads.
        <Box
          component="span"
          role="img"
          aria-label={badgeLabel(unreadMessages, waitingSwaps)}
          pos="absolute"
          top={-7}
          left={14}
          // A circle for one digit, a pill beyond; 12 px digits, readable at a glance.
          miw={22}
          h={22}
          px={unread > 9 ? 5 : 0}
          bg="red.6"
          c="white"
          fz={12}
          fw={700}
          style={BADGE_SHAPE}
        >
          {unread > 99 ? '99+' : unread}
        </Box>
      )}
    </Box>
  );
}

/** The phone navigation: only under 768 px (Mantine's `sm` breakpoint is 48em). */
export function BottomTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const router = useRouter();
  const { user } = useCurrentUser();

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
          const icon = (
            <tab.Icon
              size={24}
              stroke={active ? 2.2 : 1.6}
              color={`var(--mantine-color-${active ? 'indigo-7' : 'gray-6'})`}
              aria-hidden
            />
          );
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
              {tab.to === '/match' && user ? (
                // Keyed by the user: another login starts from nothing (its own inbox, its own list).
                <UnreadBadge key={user.id} pathname={pathname}>
                  {icon}
                </UnreadBadge>
              ) : (
                icon
              )}
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
