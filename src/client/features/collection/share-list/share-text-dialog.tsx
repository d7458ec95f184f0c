import { Modal, Text, Textarea } from '@mantine/core';

type Props = { opened: boolean; text: string; onClose: () => void };

/** The last resort when neither sharing nor copying works: the text, ready to select and copy by hand. */
export function ShareTextDialog({ opened, text, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Condividi lista" styles={{ title: { fontWeight: 700 } }}>
      <Text size="sm" c="dimmed" mb="xs">
        Non è stato possibile condividere o copiare la lista: selezionala e copiala da qui.
      </Text>
      <Textarea
        label="La tua lista"
        value={text}
        readOnly
        autosize
        minRows={3}
        maxRows={12}
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
      />
    </Modal>
  );
}
