import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { classifyStickersInput, STICKER_SECTION_MAX } from '../../../../../rpc/schemas/stickers.ts';
import { useLastSelected } from '../../use-last-selected.ts';
import { INNER_DIALOG_Z_INDEX, type SectionTarget } from './sticker-types.ts';
import { useClassifyStickers } from './use-classify-stickers.ts';

type Props = { target: SectionTarget | null; onClose: () => void };

/** 'Sezione': one section for the selected stickers (the one they share, if any, to start from). */
export function SectionDialog({ target, onClose }: Props) {
  const shown = useLastSelected(target);
  return (
    <Modal opened={target !== null} onClose={onClose} title="Sezione" centered zIndex={INNER_DIALOG_Z_INDEX}>
      {shown && <SectionForm key={shown.stickers.map((s) => s.id).join()} target={shown} onClose={onClose} />}
    </Modal>
  );
}

function SectionForm({ target, onClose }: { target: SectionTarget; onClose: () => void }) {
  const sections = new Set(target.stickers.map((sticker) => sticker.section ?? ''));
  const [section, setSection] = useState(sections.size === 1 ? ([...sections][0] ?? '') : '');
  const classify = useClassifyStickers(onClose);
  const stickerIds = target.stickers.map((sticker) => sticker.id);
  const parsed = classifyStickersInput.safeParse({ albumId: target.albumId, stickerIds, section });
  const count = target.stickers.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && !classify.isPending) classify.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>{count === 1 ? 'Per 1 figurina selezionata' : `Per ${count} figurine selezionate`}</Text>
        <TextInput
          label="Nome della sezione"
          description="Lascia vuoto per togliere la sezione"
          placeholder="Es. Calciomercato"
          value={section}
          maxLength={STICKER_SECTION_MAX}
          onChange={(event) => setSection(event.currentTarget.value)}
          error={parsed.success ? undefined : parsed.error.issues[0]?.message}
          data-autofocus
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={classify.isPending}>
            Annulla
          </Button>
          <Button type="submit" disabled={!parsed.success || classify.isPending}>
            {classify.isPending ? 'Salvando...' : 'Salva'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
