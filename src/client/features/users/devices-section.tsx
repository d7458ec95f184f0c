import { Accordion, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import { formatDateTime } from '../../shared/format/dates.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * Profilo → 'Dispositivi': where I am logged in (a coarse device name, when that session started and was
 * last used, this one marked) and 'Esci da tutti gli altri dispositivi', after a confirmation.
 */
export function DevicesSection() {
  return (
    <Accordion.Item value="devices">
      <Accordion.Control>Dispositivi</Accordion.Control>
      <Accordion.Panel>
        <DeviceList />
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function DeviceList() {
  const utils = trpc.useUtils();
  const sessions = trpc.users.sessions.useQuery();
  const [confirming, setConfirming] = useState(false);
  const logoutOthers = trpc.users.logoutOtherSessions.useMutation({
    meta: { errorMessage: 'Impossibile uscire dagli altri dispositivi' },
    onSuccess: () => {
      toastSuccess('Fatto', 'Gli altri dispositivi sono disconnessi');
      void utils.users.sessions.invalidate();
    },
    onSettled: () => setConfirming(false),
  });

  if (sessions.isPending) return <Text size="sm">Caricamento...</Text>;
  if (!sessions.data) return <Text size="sm">Impossibile caricare i dispositivi</Text>;
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current).length;

  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Dispositivi">
        {list.map((session) => (
          <Stack component="li" key={session.key} gap={0}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {session.device}
              </Text>
              {session.current && (
                <Badge size="sm" variant="light" color="teal">
                  Questo dispositivo
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Accesso: {formatDateTime(session.startedAt)}
            </Text>
            <Text size="xs" c="dimmed">
              Ultimo utilizzo: {formatDateTime(session.lastUsedAt)}
            </Text>
          </Stack>
        ))}
      </Stack>
      <Button variant="light" color="red" disabled={others === 0} onClick={() => setConfirming(true)}>
        Esci da tutti gli altri dispositivi
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Esci dagli altri dispositivi"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            {others === 1
              ? "L'altro dispositivo dovrà accedere di nuovo con nickname e password."
              : `Gli altri ${others} dispositivi dovranno accedere di nuovo con nickname e password.`}{' '}
            Questo resta collegato.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Annulla
            </Button>
            <Button color="red" loading={logoutOthers.isPending} onClick={() => logoutOthers.mutate()}>
              Esci dagli altri
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
