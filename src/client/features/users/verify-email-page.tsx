import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { Logo } from '../../shared/ui/logo.tsx';

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
    <Center mih="calc(100dvh - 80px)">
      <Paper w="100%" maw={400} p="lg" radius="lg" shadow="md" withBorder>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <Logo />
          </Stack>
          <Title order={1} size="h3" ta="center">
            Verifica dell'e-mail
          </Title>
          {content}
          <Button renderRoot={(props) => <Link {...props} to="/profile" />} variant="default">
            Vai al profilo
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
