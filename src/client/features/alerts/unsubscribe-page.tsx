import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ALERT_KIND_LABELS, INVALID_UNSUBSCRIBE_MESSAGE } from '../../../rpc/schemas/alerts.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { StrangerCard } from '../../shared/ui/stranger-card.tsx';

/**
 * /notifiche/disiscrizione?token=…: an alert e-mail's unsubscribe link. It turns that kind of e-mail off at
 * once, with no login (the signed link is enough: the mail may be read on any device), and says which.
 */
export function UnsubscribePage() {
  const { token } = useSearch({ from: '/notifiche/disiscrizione' });
  const unsubscribe = trpc.alerts.unsubscribeEmail.useMutation({ meta: { errorText: () => '' } });
  // Once per page, even when React runs the effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);

  let content: React.ReactNode;
  if (unsubscribe.isSuccess) {
    content = (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        <Stack gap={6}>
          <Text size="sm">Non riceverai più e-mail per «{ALERT_KIND_LABELS[unsubscribe.data.kind]}».</Text>
          <Text size="sm">Le notifiche sul telefono e gli altri avvisi restano come li hai scelti.</Text>
        </Stack>
      </Alert>
    );
  } else if (!token || unsubscribe.isError) {
    const message = unsubscribe.isError
      ? errorMessage(unsubscribe.error, INVALID_UNSUBSCRIBE_MESSAGE)
      : INVALID_UNSUBSCRIBE_MESSAGE;
    content = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Stack gap={6}>
          <Text size="sm">{message}.</Text>
          <Text size="sm">Puoi sempre scegliere quali e-mail ricevere da Profilo → Notifiche.</Text>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Un momento...</Text>
      </Stack>
    );
  }

  return (
    <StrangerCard title="Avvisi per e-mail" backToLogin={false}>
      {content}
      <Button renderRoot={(props) => <Link {...props} to="/profile" />} variant="default">
        Scegli i tuoi avvisi
      </Button>
    </StrangerCard>
  );
}
