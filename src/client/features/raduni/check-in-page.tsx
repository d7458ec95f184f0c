import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatTime } from '../../shared/format/dates.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { keepCheckIn, loadCheckIns, useCheckIn } from './check-in-outbox.ts';

/** The printed QR's token, from the page's fragment (never sent to a server in the address), then dropped. */
function takeToken(): string | null {
  const { hash, pathname, search } = window.location;
  if (hash.length <= 1) return null;
  history.replaceState(history.state, '', `${pathname}${search}`);
  const token = hash.slice(1);
  return /^[0-9a-f]{32}$/.test(token) ? token : null;
}

/**
 * /raduni/:id/check-in#<token> (issue 46, row 5): the place's printed QR opens it. The check-in is timed at
 * the scan and kept on the phone; it is sent now or at the next connection (use-check-in-sync.ts). No GPS.
 */
export function CheckInPage() {
  const { radunoId } = useParams({ from: '/_authed/raduni/$radunoId/check-in' });
  const { user } = useCurrentUser();
  const [token] = useState(takeToken);
  const [invalid, setInvalid] = useState(false);
  const checkIn = useCheckIn(user?.id, radunoId);
  useEffect(() => {
    void loadCheckIns();
    if (!user) return;
    if (token === null) {
      setInvalid(true);
      return;
    }
    void keepCheckIn({
      userId: user.id,
      radunoId,
      token,
      at: Math.floor(Date.now() / 1000),
      sync: { state: 'waiting' },
    });
  }, [user, radunoId, token]);

  let body: React.ReactNode;
  if (checkIn) {
    body = (
      <Stack gap="sm" align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-8)" aria-hidden />
        <Title order={2} size="h3">
          Check-in alle {formatTime(new Date(checkIn.at * 1000))}
        </Title>
        {checkIn.sync.state === 'waiting' && (
          <Text>Il check-in è sul telefono: sarà inviato appena torna il campo.</Text>
        )}
        {checkIn.sync.state === 'sent' && <Text>Check-in registrato.</Text>}
        {checkIn.sync.state === 'refused' && (
          <Alert color="red" variant="light" title="Check-in non registrato">
            {checkIn.sync.message}
          </Alert>
        )}
      </Stack>
    );
  } else if (invalid) {
    body = (
      <Alert color="red" variant="light" title="Codice non valido">
        Inquadra di nuovo il QR esposto al Punto Scambio.
      </Alert>
    );
  } else {
    body = <Text>Check-in in corso…</Text>;
  }
  return (
    <Stack gap="md">
      <BackHeader back="/raduni/$radunoId" params={{ radunoId }} title="Check-in" />
      <Card withBorder radius="md" padding="lg">
        {body}
      </Card>
      <Button
        h={44}
        renderRoot={(props) => <Link {...props} to="/raduni/$radunoId/qui" params={{ radunoId }} />}
      >
        Chi qui ha le tue mancanti
      </Button>
      <Button
        h={44}
        variant="default"
        renderRoot={(props) => <Link {...props} to="/raduni/$radunoId" params={{ radunoId }} />}
      >
        Vai al raduno
      </Button>
    </Stack>
  );
}
