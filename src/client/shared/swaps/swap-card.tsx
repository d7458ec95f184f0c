import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import type { SwapMode, SwapView } from '../../../rpc/schemas/swaps.ts';
import { meetingLines } from './meeting-choice.ts';
import { StickerLines } from './sticker-lines.tsx';
import { SwapChatLink } from './swap-chat-link.tsx';
import { swapDateLine } from './swap-dates.ts';
import { SwapRating } from './swap-rating.tsx';
import {
  ACTION_LABELS,
  actionsFor,
  badgeOf,
  fromMySide,
  type SwapAction,
  type SwapLike,
  waitingText,
} from './swap-view.ts';

type Props = {
  swap: SwapLike & {
    albumName: string;
    matchId: number | null;
    mode: SwapMode;
    meeting?: SwapView['meeting'];
  };
  meId: number;
  /** The action running now on this swap, if any. */
  pending: SwapAction | 'rate' | null;
  onAction: (action: SwapAction) => void;
  onRate: (stars: number, comment: string) => void;
  /** In the Scambi list the other collector is named and their chat linked; in their chat it goes without saying. */
  showOther?: boolean;
};

/** One swap as the viewer sees it: status, what I give and receive, and the buttons I may press. */
export function SwapCard({ swap, meId, pending, onAction, onRate, showOther = false }: Props) {
  const { other, iGive, iReceive } = fromMySide(swap, meId);
  const actions = actionsFor(swap, meId);
  const waiting = waitingText(swap, meId);
  const badge = badgeOf(swap);
  return (
    <Card
      component="article"
      aria-label={`Scambio con ${other.nickname}: ${badge.label}`}
      withBorder
      radius="md"
      padding="sm"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={700} lineClamp={1}>
            {showOther ? `Con ${other.nickname} · ${swap.albumName}` : swap.albumName}
          </Text>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap">
          {swap.mode === 'dal_vivo' && (
            <Badge color="grape" variant="outline" size="sm" style={{ flexShrink: 0 }}>
              dal vivo
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {swapDateLine(swap)}
          </Text>
        </Group>
        {swap.meeting && <MeetingLines meeting={swap.meeting} />}
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <StickerLines title="Do" stickers={iGive} />
          <StickerLines title="Ricevo" stickers={iReceive} />
        </Group>
        {waiting && (
          <Text size="sm" c="dimmed">
            {waiting}
          </Text>
        )}
        {actions.length > 0 && (
          // 'Accetta' and 'Rifiuta' fit side by side on a phone; 'Conferma ricevute' and 'Annulla scambio' don't.
          <SimpleGrid cols={actions.includes('accept') ? 2 : 1} spacing="xs">
            {actions.map((action) => (
              <Button
                key={action}
                h={44}
                variant={action === 'accept' || action === 'confirm' ? 'filled' : 'default'}
                color={action === 'cancel' || action === 'decline' ? 'red' : undefined}
                loading={pending === action}
                disabled={pending !== null && pending !== action}
                onClick={() => onAction(action)}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </SimpleGrid>
        )}
        {showOther && swap.matchId !== null && <SwapChatLink matchId={swap.matchId} />}
        {(swap.canRate || swap.myRating !== null) && (
          <SwapRating
            myRating={swap.myRating}
            otherNickname={other.nickname}
            pending={pending === 'rate'}
            onRate={onRate}
          />
        )}
      </Stack>
    </Card>
  );
}

/** Where and when the two meet, at a Punto Scambio (issue 45, row 4). */
function MeetingLines({ meeting }: { meeting: NonNullable<SwapView['meeting']> }) {
  const { when, where } = meetingLines(meeting);
  return (
    <Stack gap={2} aria-label="Dove e quando">
      <Group gap={6} wrap="nowrap">
        <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">{where}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconClock size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">{when}</Text>
      </Group>
    </Stack>
  );
}
