import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconShieldExclamation, IconUserX } from '@tabler/icons-react';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { type RouterOutputs, trpc } from '../../../shared/api/trpc.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';

type Review = RouterOutputs['moderation']['ofReport'];

/** Saves `data` as a JSON file named `name` (the browser's download). */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * A threat to someone's life or safety: 'Inoltra alle autorità' records the step, then the evidence
 * downloads for the police. A deleted reported account shows who it was, and its address can be barred.
 */
export function ReportAuthorities({ reportId, review }: { reportId: number; review: Review }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.moderation.ofReport.invalidate({ id: reportId });
  const forward = trpc.moderation.forward.useMutation({
    onSuccess: () => toastSuccess('Segnalazione inoltrata', 'Ora puoi scaricare le prove per le autorità'),
    meta: { errorMessage: 'Impossibile segnare la segnalazione come inoltrata' },
    onSettled: refresh,
  });
  const bar = trpc.moderation.bar.useMutation({
    onSuccess: () =>
      toastSuccess('Registrazione impedita', "L'indirizzo non potrà essere usato per un nuovo account"),
    meta: { errorMessage: 'Impossibile impedire la registrazione' },
    onSettled: refresh,
  });
  const exportEvidence = async () => {
    try {
      download(
        `segnalazione-${reportId}-prove.json`,
        await utils.moderation.exportEvidence.fetch({ id: reportId }),
      );
    } catch (error) {
      toastError(errorMessage(error, 'Impossibile scaricare le prove'));
    }
  };
  const reference = review.reportedReference;
  return (
    <>
      {reference && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            Account eliminato: {reference.nickname}
            {reference.emailHash && ` · e-mail ${reference.emailHash.slice(0, 12)}…`}
            {reference.barred && ' · registrazione impedita'}
          </Text>
          {reference.emailHash && !reference.barred && (
            <Button
              size="xs"
              color="red.8"
              leftSection={<IconUserX size={14} aria-hidden />}
              loading={bar.isPending}
              onClick={() => bar.mutate({ id: reportId })}
            >
              Impedisci una nuova registrazione
            </Button>
          )}
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        {review.forwardedAt ? (
          <>
            <Text size="sm" fw={600} c="red.8">
              Inoltrata alle autorità il {formatDateTime(review.forwardedAt)}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={exportEvidence}
            >
              Scarica le prove
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Minaccia alla vita o alla sicurezza di qualcuno?
            </Text>
            <Button
              size="xs"
              color="red.8"
              leftSection={<IconShieldExclamation size={14} aria-hidden />}
              loading={forward.isPending}
              onClick={() => forward.mutate({ id: reportId })}
            >
              Inoltra alle autorità
            </Button>
          </>
        )}
      </Group>
    </>
  );
}
