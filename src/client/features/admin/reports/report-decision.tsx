import { Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  DECISION_DAYS_MAX,
  DECISION_REASON_MAX,
  type DecisionAction,
  isRestriction,
  TERMS_RULES,
  type TermsRule,
} from '../../../../rpc/schemas/moderation.ts';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { ReportAuthorities } from './report-authorities.tsx';

/** The decisions as the admin names them. */
export const ACTION_LABELS: Record<DecisionAction, string> = {
  nascondi: 'Nascondi il messaggio',
  limita: "Limita l'account",
  sospendi: "Sospendi l'account",
  disattiva: "Disattiva l'account",
  archivia: 'Archivia: nessuna violazione',
  conferma: 'Conferma la decisione contestata',
  revoca: 'Revoca la decisione contestata',
};
const RULE_OPTIONS = (Object.keys(TERMS_RULES) as TermsRule[]).map((value) => ({
  value,
  label: TERMS_RULES[value],
}));

/**
 * 'Decisione' in a report about a collector (issue 47, row 3): what was decided and contested, and a
 * new decision with a rule of the Termini and the sentence the person affected reads.
 */
export function ReportDecision({ reportId }: { reportId: number }) {
  const review = trpc.moderation.ofReport.useQuery({ id: reportId });
  const utils = trpc.useUtils();
  const [action, setAction] = useState<DecisionAction | null>(null);
  const [rule, setRule] = useState<TermsRule | null>(null);
  const [days, setDays] = useState<number | string>(7);
  const [reason, setReason] = useState('');
  const decide = trpc.moderation.decide.useMutation({
    onSuccess: () => {
      toastSuccess('Decisione applicata', 'La motivazione è stata inviata a chi è coinvolto');
      setAction(null);
      setReason('');
    },
    onSettled: () =>
      Promise.all([utils.moderation.ofReport.invalidate({ id: reportId }), utils.reports.list.invalidate()]),
  });
  if (!review.data) return null;
  const { decisions, messageReported } = review.data;
  const latest = decisions[0];
  const contested = latest && isRestriction(latest.action) && latest.contestedAt !== null;
  const options = (Object.keys(ACTION_LABELS) as DecisionAction[])
    .filter((option) => (option === 'nascondi' ? messageReported : true))
    .filter((option) => (option === 'conferma' || option === 'revoca' ? contested : true))
    .map((value) => ({ value, label: ACTION_LABELS[value] }));
  const needsDays = action === 'limita' || action === 'sospendi';
  return (
    <Stack component="section" aria-label="Decisione" gap="sm">
      <Text size="sm" fw={600}>
        Decisione
      </Text>
      {decisions.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {decisions.map((decision) => (
            <Text component="li" key={decision.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {ACTION_LABELS[decision.action]}
              </Text>{' '}
              · {formatDateTime(decision.createdAt)} · {decision.admin ?? 'Amministratore eliminato'}
              {decision.until && ` · fino al ${formatDateTime(decision.until)}`}: {decision.reason}
              {decision.contestedAt && (
                <Text span c="red.8" display="block">
                  Contestata il {formatDateTime(decision.contestedAt)}: «{decision.contestText}»
                </Text>
              )}
            </Text>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!action) return;
          decide.mutate({
            id: reportId,
            action,
            rule: isRestriction(action) ? rule : null,
            reason,
            days: needsDays ? Number(days) : null,
          });
        }}
      >
        <Stack gap="xs">
          <Group grow align="flex-start">
            <Select<DecisionAction>
              label="Cosa decidi"
              placeholder="Scegli"
              data={options}
              value={action}
              onChange={setAction}
              required
            />
            {needsDays && (
              <NumberInput
                label="Per quanti giorni"
                min={1}
                max={DECISION_DAYS_MAX}
                value={days}
                onChange={setDays}
                required
              />
            )}
          </Group>
          {action && isRestriction(action) && (
            <Select<TermsRule>
              label="Regola dei Termini"
              placeholder="Scegli la regola violata"
              data={RULE_OPTIONS}
              value={rule}
              onChange={setRule}
              required
            />
          )}
          <Textarea
            label="Motivazione"
            description="La legge chi è coinvolto, nell'app e per e-mail: scrivi cosa è successo e perché."
            autosize
            minRows={2}
            maxLength={DECISION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            required
          />
          {decide.error && (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(decide.error, 'Impossibile applicare la decisione')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={decide.isPending} disabled={!action}>
              Applica la decisione
            </Button>
          </Group>
        </Stack>
      </form>
      <ReportAuthorities reportId={reportId} review={review.data} />
    </Stack>
  );
}
