import { Alert, Anchor, Button, Card, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { italianMoment } from '../../../rpc/schemas/italian-dates.ts';
import { CONTEST_TEXT_MAX, DECISION_TITLES, TERMS_RULES } from '../../../rpc/schemas/moderation.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { Section } from './privacy-section.tsx';

/**
 * /decisioni/{id}: a statement of reasons (issue 47, row 3; DSA art. 17) — what was decided, by which rule
 * of the Termini, why, until when, and 'Contesta la decisione' once. Opened from Profilo with the session,
 * or from the e-mail's link (`?token=`) by someone who cannot log in (a suspended account).
 */
export function DecisionPage() {
  const { decisionId } = useParams({ from: '/decisioni/$decisionId' });
  const { token } = useSearch({ from: '/decisioni/$decisionId' });
  const utils = trpc.useUtils();
  const decision = trpc.moderation.decision.useQuery({ id: decisionId, token }, { retry: false });
  const [text, setText] = useState('');
  const contest = trpc.moderation.contest.useMutation({
    onSuccess: (statement) => utils.moderation.decision.setData({ id: decisionId, token }, statement),
  });
  if (decision.isPending) return <Loader aria-label="Caricamento della decisione" m="xl" />;
  if (decision.isError) {
    return (
      <Stack gap="md" py="md">
        <Title order={1} size="h2">
          Decisione non trovata
        </Title>
        <Text size="sm">Il link non è valido, o la decisione riguarda un altro account.</Text>
        <LegalLinks />
      </Stack>
    );
  }
  const statement = decision.data;
  return (
    <Stack gap="lg" pb="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {DECISION_TITLES[statement.action]}
        </Title>
        <Text size="sm" c="dimmed">
          Decisione del {italianMoment(statement.createdAt)}
        </Text>
      </Stack>
      {statement.until && (
        <Section title="Fino a quando">
          <Text size="sm">Fino al {italianMoment(statement.until)}.</Text>
        </Section>
      )}
      {statement.rule && (
        <Section title="Quale regola">
          <Text size="sm">{TERMS_RULES[statement.rule]}</Text>
        </Section>
      )}
      <Section title="Perché">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {statement.reason}
        </Text>
      </Section>
      {statement.message !== null && (
        <Section title="Il messaggio rimosso">
          <Card withBorder radius="md" padding="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {statement.message}
            </Text>
          </Card>
        </Section>
      )}
      <Section title="Se non sei d'accordo">
        {statement.contestedAt ? (
          <Alert color="teal" variant="light" role="status">
            Hai contestato la decisione il {italianMoment(statement.contestedAt)}: un amministratore la sta
            riesaminando e riceverai la risposta.
          </Alert>
        ) : statement.contestable ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              contest.mutate({ id: decisionId, token, text });
            }}
          >
            <Stack gap="xs">
              <Text size="sm">
                Puoi contestare la decisione una volta: un amministratore la riesaminerà con le tue parole.
              </Text>
              <Textarea
                label="Perché non sei d'accordo?"
                autosize
                minRows={3}
                maxLength={CONTEST_TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                required
              />
              {contest.error && (
                <Text size="sm" c="red.8" role="alert">
                  {errorMessage(contest.error, 'Impossibile inviare la contestazione')}
                </Text>
              )}
              <Button type="submit" loading={contest.isPending}>
                Contesta la decisione
              </Button>
            </Stack>
          </form>
        ) : (
          <Text size="sm">Questa decisione non si può più contestare.</Text>
        )}
        <Text size="sm">
          Restano i rimedi davanti a un organismo di risoluzione extragiudiziale certificato o all'autorità
          giudiziaria. Come funziona la moderazione è scritto nei{' '}
          <Anchor component={Link} to="/termini" size="sm" underline="always">
            Termini
          </Anchor>
          .
        </Text>
      </Section>
      <LegalLinks />
    </Stack>
  );
}
