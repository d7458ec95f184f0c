import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { routeErrorReport } from '../shared/error-reporting/describe-error.ts';
import { reportError } from '../shared/error-reporting/error-reporter.ts';

/**
 * Every route's error boundary: an Italian message and 'Riprova', and a js_error report, since an error
 * a boundary catches never reaches window 'error'.
 */
export function RouteError({ error, info, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => {
    reportError(routeErrorReport(error, info?.componentStack));
  }, [error, info]);

  const retry = () => {
    // reset() clears a rendering error; invalidate() runs the routes' beforeLoad and loaders again.
    reset();
    void router.invalidate();
  };

  return (
    <Card withBorder padding="xl" radius="md" role="alert" maw={480} mx="auto" my="xl">
      <Stack align="center" gap="sm">
        <IconAlertTriangle size={44} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} size="h3" ta="center">
          Qualcosa è andato storto
        </Title>
        <Text c="dimmed" ta="center">
          Si è verificato un errore imprevisto. Riprova o torna alla Home.
        </Text>
        <Button onClick={retry}>Riprova</Button>
        <Button variant="subtle" component="a" href="/">
          Torna alla Home
        </Button>
      </Stack>
    </Card>
  );
}
