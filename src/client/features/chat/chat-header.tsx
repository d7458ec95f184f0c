import { ActionIcon, Avatar, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../../shared/api/trpc.ts';
import { placeText } from '../../shared/format/place.ts';
import { presenceText } from './chat-dates.ts';

type Other = RouterOutputs['matches']['get']['user2'];

type Props = {
  other: Other | undefined;
  /** '★ 4,5 (12) · 8 scambi', once known. */
  reputation?: string | undefined;
  /** The buttons on the right: 'Proponi scambio' and the menu. */
  actions?: ReactNode;
};

/**
 * Back to Home, and who is on the other side: their nickname ('Chat' until known), where they are (when
 * the match may show it, decision 021), presence, reputation.
 */
export function ChatHeader({ other, reputation, actions }: Props) {
  const presence = other ? presenceText(other.presence) : null;
  const online = other?.presence === 'online';
  return (
    <Group
      component="header"
      gap="sm"
      wrap="nowrap"
      pb="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <ActionIcon component={Link} to="/" variant="light" size="xl" radius="xl" aria-label="Indietro">
        <IconArrowLeft size={22} />
      </ActionIcon>
      {other && (
        <Avatar color="initials" name={other.nickname} radius="xl" aria-hidden>
          {other.nickname.charAt(0)}
        </Avatar>
      )}
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        {/* Two lines: a deleted collector is 'Utente eliminato', longer than any nickname. */}
        <Title order={1} size="h3" lh={1.2} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {other?.nickname ?? 'Chat'}
        </Title>
        {other?.place && (
          <Text size="xs" c="dimmed" truncate>
            {placeText(other.place)}
          </Text>
        )}
        {presence && (
          <Group gap={6} wrap="nowrap">
            {online && (
              <Box w={8} h={8} bg="teal.6" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />
            )}
            <Text size="xs" c={online ? 'teal.9' : 'dimmed'} truncate>
              {presence}
            </Text>
          </Group>
        )}
        {reputation && (
          <Text size="xs" c="dimmed" truncate aria-label={`Reputazione: ${reputation}`}>
            {reputation}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
