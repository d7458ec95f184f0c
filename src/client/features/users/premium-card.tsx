import { Badge, Card, Group, Text } from '@mantine/core';
import type { CurrentUser } from '../../shared/api/trpc.ts';
import { formatDate } from '../../shared/format/dates.ts';

/** The Premium flag drives only this card (spec §6): nothing the collector has stops with the trial. */
export const TRIAL_END_NOTE =
  'Alla fine della prova non perdi nulla: album, doppie, match e chat restano tuoi.';

export function PremiumCard({ user }: { user: CurrentUser }) {
  const trialOver = new Date(user.trialEndsAt).getTime() < Date.now();
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Stato Premium</Text>
        <Badge color={user.isPremium ? 'yellow' : 'indigo'} variant="light" size="lg" tt="none">
          {user.isPremium ? 'Premium attivo' : 'Trial attivo'}
        </Badge>
      </Group>
      {!user.isPremium && (
        <Text size="sm" c="dimmed" mt="xs">
          {trialOver ? 'Periodo di prova terminato il' : 'Periodo di prova fino al'}{' '}
          {formatDate(user.trialEndsAt)}
        </Text>
      )}
      {!user.isPremium && (
        <Text size="sm" mt={4}>
          {TRIAL_END_NOTE}
        </Text>
      )}
    </Card>
  );
}
