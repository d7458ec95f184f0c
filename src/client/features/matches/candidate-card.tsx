import { Avatar, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { placeText } from '../../shared/format/place.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { ProposeSwapButton } from '../../shared/swaps/propose-swap-button.tsx';
import { reputationText } from '../../shared/swaps/reputation-text.ts';
import { AlreadyInContact } from './already-in-contact.tsx';
import { CandidateExchanges } from './candidate-exchanges.tsx';
import { CandidateFullLists } from './candidate-full-lists.tsx';
import { type Candidate, detailsToggleLabel } from './candidate-summary.ts';
import { CandidateWhy } from './candidate-why.tsx';

type Props = {
  candidate: Candidate;
  albumId: number;
  creating: boolean;
  disabled: boolean;
  onMatch: () => void;
  /** A proposal sent from this card: it opened our chat. */
  onProposed: (proposal: { matchId: number | null }) => void;
};

/**
 * One collector nearby: who and where, what each could give the other, what we could swap (opening to the full lists),
 * and 'Matcha!' — or, when we already have a match, the way back into its chat.
 */
export function CandidateCard({ candidate, albumId, creating, disabled, onMatch, onProposed }: Props) {
  const [open, setOpen] = useState(false);
  const listsId = useId();
  const { user } = useCurrentUser();
  // A swap needs something of mine they miss: with nothing to give, 'Proponi scambio' would lead nowhere.
  const canPropose = candidate.iCanGive > 0;
  // An adult and a minor (a minor's place is only a band) meet by a proposal at a Punto Scambio, never
  // by a match and its free chat (issue 45, row 4): no 'Matcha!' between them.
  const mayMatch = (user?.ageBand === '18+') === (candidate.within !== true);
  return (
    <Card component="article" aria-label={candidate.nickname} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar color="initials" name={candidate.nickname} radius="xl" size="lg" aria-hidden>
            {candidate.nickname.charAt(0)}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text fw={700} truncate>
              {candidate.nickname}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {placeText(candidate)}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" mt={-8}>
          {reputationText(candidate.reputation)}
        </Text>
        <CandidateWhy candidate={candidate} />
        <CandidateExchanges candidate={candidate} />
        <Button
          variant="subtle"
          size="sm"
          h={44}
          px="xs"
          fullWidth
          justify="space-between"
          aria-expanded={open}
          aria-controls={open ? listsId : undefined}
          rightSection={open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {detailsToggleLabel(candidate, open)}
        </Button>
        {open && <CandidateFullLists id={listsId} albumId={albumId} userId={candidate.id} />}
        {candidate.matchId !== null ? (
          <>
            <AlreadyInContact matchId={candidate.matchId} />
            {canPropose && (
              <ProposeSwapButton
                other={candidate}
                albumId={albumId}
                onProposed={onProposed}
                fullWidth
                h={44}
              />
            )}
          </>
        ) : !mayMatch ? (
          canPropose && (
            <ProposeSwapButton other={candidate} albumId={albumId} onProposed={onProposed} fullWidth h={44} />
          )
        ) : (
          // 'Matcha!' as wide as its word, 'Proponi scambio' the rest: its label is never cut at 390 px.
          <Group gap="xs" wrap="nowrap">
            {canPropose && (
              <ProposeSwapButton
                other={candidate}
                albumId={albumId}
                onProposed={onProposed}
                h={44}
                px="xs"
                style={{ flex: 1 }}
              />
            )}
            <Button
              h={44}
              px="sm"
              fullWidth={!canPropose}
              onClick={onMatch}
              disabled={disabled || creating}
              leftSection={creating ? <Loader size={16} color="gray" /> : undefined}
            >
              {creating ? 'Creando...' : 'Matcha!'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
