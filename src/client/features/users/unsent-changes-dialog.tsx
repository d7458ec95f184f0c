import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOnline } from '../../shared/api/use-online.ts';

const changesText = (count: number) => (count === 1 ? '1 modifica' : `${count} modifiche`);
const messagesText = (count: number) => (count === 1 ? '1 messaggio' : `${count} messaggi`);

/** '2 modifiche non ancora inviate', '1 messaggio non ancora inviato', '2 modifiche e 1 messaggio non ancora inviati'. */
function unsentText(count: number, messages: number) {
  const changes = count - messages;
  if (messages === 0) return `${changesText(changes)} non ancora ${changes === 1 ? 'inviata' : 'inviate'}`;
  if (changes === 0) return `${messagesText(messages)} non ancora ${messages === 1 ? 'inviato' : 'inviati'}`;
  return `${changesText(changes)} e ${messagesText(messages)} non ancora inviati`;
}

type Props = {
  opened: boolean;
  /** The collector's changes still waiting for the server, live: taps and chat messages. */
  count: number;
  /** Of those, chat messages. */
  messages: number;
  onClose: () => void;
  /** Logs out; `discard` drops the waiting changes first. */
  onLogOut: (discard: boolean) => void;
};

/**
 * 'Esci' with changes still waiting: say how many, and either wait for them to go out (then log out by
 * itself) or drop them and log out now.
 */
export function UnsentChangesDialog({ opened, count, messages, onClose, onLogOut }: Props) {
  const online = useOnline();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (waiting && count === 0) onLogOut(false);
  }, [waiting, count, onLogOut]);
  const close = () => {
    setWaiting(false);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Modifiche non inviate" centered>
      <Stack gap="sm">
        <Text fw={600}>{unsentText(count, messages)}</Text>
        {waiting ? (
          <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden />
            <Text size="sm">
              {online
                ? 'Invio in corso: uscirai appena è tutto inviato.'
                : 'Sei offline: partiranno quando torna la connessione, poi uscirai.'}
            </Text>
          </Group>
        ) : (
          <Text size="sm">Se esci ora andranno perse.</Text>
        )}
        <Stack gap="xs" mt="sm">
          {waiting ? (
            <Button variant="default" onClick={close}>
              Resta nell'app
            </Button>
          ) : (
            <Button onClick={() => setWaiting(true)}>Aspetta l'invio</Button>
          )}
          <Button color="red" variant="light" onClick={() => onLogOut(true)}>
            Esci e scarta
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
