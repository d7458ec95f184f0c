import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../../shared/api/trpc.ts';
import { formatDate, formatDateTime, formatTime } from '../../shared/format/dates.ts';
import { placeText } from '../../shared/format/place.ts';

export type LatestMatch = RouterOutputs['matches']['list'][number];

const unreadLabel = (count: number) =>
  count === 1 ? '1 messaggio non letto' : `${count} messaggi non letti`;

/** The latest message's time: 'hh:mm' today, the date before. */
function lastMessageTime(iso: string, now = new Date()) {
  const sent = new Date(iso);
  return sent.toDateString() === now.toDateString() ? formatTime(sent) : formatDate(sent);
}

/** The latest message as a chat list shows it: 'Tu: ' before mine, theirs as it is. */
export function lastMessagePreview(message: LatestMatch['lastMessage']): string {
  if (!message) return 'Nessun messaggio ancora';
  return message.mine ? `Tu: ${message.content}` : message.content;
}

/** What is new in the chat: the latest message, unread count, where they are. */
function MatchActivity({ match }: { match: LatestMatch }) {
  const { unreadCount, lastMessage } = match;
  const { place } = match.user2;
  const unread = unreadCount > 0;
  return (
    <>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text
          size="sm"
          truncate
          c={unread ? 'dark.7' : 'dimmed'}
          fw={unread ? 600 : 400}
          fs={lastMessage ? undefined : 'italic'}
        >
          {lastMessagePreview(lastMessage)}
        </Text>
        {unread && (
          // role img: read as its label ('3 messaggi non letti'), not as a bare '3'.
          <Badge role="img" aria-label={unreadLabel(unreadCount)} color="red" circle={unreadCount < 10}>
            {unreadCount > 99 ? '99+' : unreadCount}
          </Badge>
        )}
      </Group>
      {/* The place first, whole where it fits: 'Match attivo' goes to the next line rather than cut it. */}
      <Group gap={0} wrap="wrap" style={{ columnGap: 6 }}>
        {place !== null && (
          <Text size="xs" c="dimmed" truncate>
            {placeText(place)}
          </Text>
        )}
        {match.user2.closed ? (
          <Text size="xs" c="dimmed" fw={600} style={{ flexShrink: 0 }}>
            Chat chiusa
          </Text>
        ) : (
          <Text size="xs" c="teal.9" fw={600} style={{ flexShrink: 0 }}>
            Match attivo
          </Text>
        )}
      </Group>
    </>
  );
}

/** One match: the other collector, what is new in the chat, and the way into it. */
export function LatestMatchesItem({ match }: { match: LatestMatch }) {
  const { nickname } = match.user2;
  const { unreadCount, lastMessageAt } = match;
  const unread = unreadCount > 0;
  return (
    <Card component="li" aria-label={nickname} withBorder radius="md" padding="sm">
      <Group wrap="nowrap" gap="sm">
        <Avatar color="initials" name={nickname} radius="xl" size="md" aria-hidden>
          {nickname.charAt(0)}
        </Avatar>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text fw={700} truncate>
              {nickname}
            </Text>
            {lastMessageAt && !match.blocked && (
              <Text
                component="time"
                dateTime={lastMessageAt}
                title={`Ultimo messaggio: ${formatDateTime(lastMessageAt)}`}
                size="xs"
                c={unread ? 'indigo.7' : 'dimmed'}
                fw={unread ? 700 : 400}
                style={{ flexShrink: 0 }}
              >
                {lastMessageTime(lastMessageAt)}
              </Text>
            )}
          </Group>
          {match.blocked ? (
            // Whom I blocked: no preview of what they wrote, nothing to come back for but 'Sblocca' (decision 016).
            <Badge color="gray" variant="light" style={{ alignSelf: 'flex-start' }}>
              Bloccato
            </Badge>
          ) : (
            <MatchActivity match={match} />
          )}
        </Stack>
        <Button
          renderRoot={(props) => (
            <Link {...props} to="/chat/$matchId" params={{ matchId: String(match.id) }} />
          )}
          size="sm"
          h={44}
          variant="light"
          style={{ flexShrink: 0 }}
        >
          {match.user2.closed && !match.blocked ? 'Leggi' : 'Chatta'}
        </Button>
      </Group>
    </Card>
  );
}
