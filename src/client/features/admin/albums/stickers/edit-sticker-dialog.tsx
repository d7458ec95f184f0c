import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  STICKER_KIND_LABELS,
  STICKER_KINDS,
  STICKER_NAME_MAX,
  STICKER_SECTION_MAX,
  type StickerKind,
  updateStickerInput,
} from '../../../../../rpc/schemas/stickers.ts';
import { trpc } from '../../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../../shared/ui/toast.ts';
import { useLastSelected } from '../../use-last-selected.ts';
import { useRefreshCatalogue } from '../use-refresh-catalogue.ts';
import { INNER_DIALOG_Z_INDEX, type StickerTarget, stickerText } from './sticker-types.ts';

type Props = { target: StickerTarget | null; onClose: () => void };

/** 'Modifica Figurina': a new description, kind or section for one sticker. */
export function EditStickerDialog({ target, onClose }: Props) {
  const shown = useLastSelected(target);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title="Modifica Figurina"
      centered
      zIndex={INNER_DIALOG_Z_INDEX}
    >
      {shown && <EditForm key={shown.sticker.id} target={shown} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ target, onClose }: { target: StickerTarget; onClose: () => void }) {
  const [text, setText] = useState(stickerText(target.sticker));
  const [kind, setKind] = useState<StickerKind>(target.sticker.kind);
  const [section, setSection] = useState(target.sticker.section ?? '');
  const refresh = useRefreshCatalogue();
  const update = trpc.stickers.update.useMutation({
    onSuccess: () => {
      toastSuccess('Figurina modificata', 'Descrizione aggiornata nel database');
      onClose();
      return refresh();
    },
    meta: { errorMessage: "Errore nell'aggiornare la figurina" },
  });
  // The admin list shows the name before the description, so both take the new text: saving a
  // description that the list then hides behind an old name would look like nothing happened.
  const parsed = updateStickerInput.safeParse({
    albumId: target.albumId,
    stickerId: target.sticker.id,
    name: text,
    description: text,
    kind,
    section,
  });
  const sectionError = parsed.error?.issues.find((issue) => issue.path[0] === 'section')?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && !update.isPending) update.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>
          Figurina <strong>{target.sticker.number}</strong>
        </Text>
        <TextInput
          label="Descrizione"
          value={text}
          maxLength={STICKER_NAME_MAX}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <Radio.Group label="Tipo" value={kind} onChange={(value) => setKind(value as StickerKind)}>
          <Group gap="md" mt={4}>
            {STICKER_KINDS.map((option) => (
              <Radio key={option} value={option} label={STICKER_KIND_LABELS[option]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label="Sezione"
          description="Facoltativa: lascia vuoto per nessuna sezione"
          placeholder="Es. Calciomercato"
          value={section}
          maxLength={STICKER_SECTION_MAX}
          onChange={(event) => setSection(event.currentTarget.value)}
          error={sectionError}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Annulla
          </Button>
          <Button type="submit" disabled={!parsed.success || update.isPending}>
            {update.isPending ? 'Salvando...' : 'Salva'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
