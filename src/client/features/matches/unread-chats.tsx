import { Avatar, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { trpc } from '../../shared/api/trpc.ts';

const unreadLabel = (count: number) =>
  count === 1 ? '1 messaggio non letto' : `${count} messaggi non letti`;

/**
 * The chats with messages I have not read, above the search: the Match tab's badge leads here, so this
 * screen says where they are. Nothing when all is read.
 */
export function UnreadChats() {
  const titleId = useId();
  const matches = trpc.matches.list.useQuery();
  const unread = (matches.data ?? []).filter((match) => match.unreadCount > 0);
  if (unread.length === 0) return null;
  return (
    <Card component="section" aria-labelledby={titleId} withBorder radius="md" padding="sm" bg="indigo.0">
      <Text id={titleId} size="xs" fw={700} c="indigo.9" tt="uppercase" mb={4}>
        Nuovi messaggi
      </Text>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {unread.map((match) => (
          <li key={match.id}>
            <UnstyledButton
              renderRoot={(props) => (
                <Link {...props} to="/chat/$matchId" params={{ matchId: String(match.id) }} />
              )}
              w="100%"
              mih={48}
              py={4}
              style={{ display: 'flex', alignItems: 'center' }}
            >
              <Group gap="sm" wrap="nowrap" w="100%">
                <Avatar color="initials" name={match.user2.nickname} radius="xl" size="sm" aria-hidden>
                  {match.user2.nickname.charAt(0)}
                </Avatar>
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text fw={700} size="sm" truncate>
                    {match.user2.nickname}
                  </Text>
                  {match.lastMessage && !match.lastMessage.mine && (
                    <Text size="sm" truncate>
                      {match.lastMessage.content}
                    </Text>
                  )}
                </Stack>
                <Badge
                  role="img"
                  aria-label={unreadLabel(match.unreadCount)}
                  color="red"
                  size="lg"
                  circle={match.unreadCount < 10}
                  style={{ flexShrink: 0 }}
                >
                  {match.unreadCount > 99 ? '99+' : match.unreadCount}
                </Badge>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
