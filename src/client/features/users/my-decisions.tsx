import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { italianMoment } from '../../../rpc/schemas/italian-dates.ts';
import { DECISION_TITLES } from '../../../rpc/schemas/moderation.ts';
import { trpc } from '../../shared/api/trpc.ts';

/**
 * 'Decisioni sul tuo account' in Profilo (issue 47, row 3): each decision about me or my child profiles,
 * opening its statement of reasons; whether it can still be contested. Nothing when there is none.
 */
export function MyDecisions() {
  const decisions = trpc.moderation.mine.useQuery();
  if (!decisions.data || decisions.data.length === 0) return null;
  return (
    <Card component="section" aria-label="Decisioni sul tuo account" withBorder radius="md" padding="md">
      <Text fw={700} mb={4}>
        Decisioni sul tuo account
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {decisions.data.map((decision) => (
          <Text component="li" key={decision.id} size="sm">
            <Anchor
              size="sm"
              underline="always"
              renderRoot={(props) => (
                <Link {...props} to="/decisioni/$decisionId" params={{ decisionId: decision.id }} />
              )}
            >
              {DECISION_TITLES[decision.action]}
            </Anchor>{' '}
            · {italianMoment(decision.createdAt)}
            {decision.contestable && ' · puoi contestarla'}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
