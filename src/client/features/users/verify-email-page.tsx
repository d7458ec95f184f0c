import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { StrangerCard } from '../../shared/ui/stranger-card.tsx';

const INVALID_LINK = 'Link non valido o scaduto';

/**
 * /verifica-email?token=…: the link of a verification mail. It confirms the address at once (no session
 * needed: the mail may be opened on another device) and says how it went.
 */
export function VerifyEmailPage() {
  const { token } = useSearch({ from: '/verifica-email' });
  const utils = trpc.useUtils();
  const verify = trpc.auth.verifyEmail.useMutation({
    onSuccess: () => void utils.auth.session.invalidate(),
    meta: { errorText: () => '' },
  });
  // Once per page, even when React runs the effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  let content: React.ReactNode;
  if (verify.isSuccess) {
    content = (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        <Text size="sm">
          Indirizzo e-mail verificato. Se dimentichi la password potrai riceverne una nuova a questo
          indirizzo.
        </Text>
      </Alert>
    );
  } else if (!token || verify.isError) {
    const message = verify.isError ? errorMessage(verify.error, INVALID_LINK) : INVALID_LINK;
    content = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Text size="sm">{message}.</Text>
        <Text size="sm">
          Dal Profilo, alla voce E-mail, puoi chiedere un nuovo link con 'Invia di nuovo'.
        </Text>
      </Alert>
    );
  } else {
    content = (
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Verifica in corso...</Text>
      </Stack>
    );
  }

  return (
    <StrangerCard title="Verifica dell'e-mail" backToLogin={false}>
      {content}
      <Button renderRoot={(props) => <Link {...props} to="/profile" />} variant="default">
        Vai al profilo
      </Button>
    </StrangerCard>
  );
}
