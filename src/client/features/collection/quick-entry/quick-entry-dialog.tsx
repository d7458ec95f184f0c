import '../../../shared/ui/segmented-control-mantine.css';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { parseStickerNumbers, STICKER_NUMBERS_TEXT_MAX } from '../../../../rpc/schemas/collection.ts';
import { useAlbumStickers } from '../album-queries.ts';
import type { StickerStatus } from '../sticker-status.ts';
import { EntryKeys } from './entry-keys.tsx';
import { QuickEntryPreview } from './quick-entry-preview.tsx';
import { entryExample, QUICK_ENTRY_STATUSES } from './quick-entry-text.ts';
import { resolveStickerNumbers } from './resolve-numbers.ts';
import { useMarkNumbers } from './use-mark-numbers.ts';

type Props = { album: { id: number; name: string }; opened: boolean; onClose: () => void };

/**
 * 'Inserimento rapido': the numbers of a whole packet typed at once (`1-20 35 ITA 3`), one status for
 * all, except numbers typed with a spare count (`12x3`: a double with three to give away). While typing, the album as this device has it says how many stickers will be marked and which
 * entries it lacks; those stay in the box after marking, to be fixed and sent again.
 */
export function QuickEntryDialog({ album, opened, onClose }: Props) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StickerStatus>('yes');
  const [letters, setLetters] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const stickers = useAlbumStickers(album.id).data;
  const preview = useMemo(() => {
    if (stickers) return resolveStickerNumbers(text, stickers);
    // Not on the device yet: the count of numbers typed, and the server says later what it lacks.
    const parsed = parseStickerNumbers(text);
    return { stickerIds: parsed.numbers, notFound: [], unreadable: parsed.invalid };
  }, [text, stickers]);
  const example = useMemo(() => entryExample(stickers?.map((sticker) => sticker.number) ?? []), [stickers]);
  const { mark, isPending } = useMarkNumbers(album.id);
  const statusLabelId = useId();
  const canSubmit = preview.stickerIds.length > 0 && !isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    mark(text, status, (left) => {
      setText(left.join(', '));
      if (left.length === 0) onClose();
    });
  };

  // Enter is a new line (numbers go one per line too); Ctrl/Cmd+Enter sends.
  const submitOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    submit();
  };

  /** A key of the row below the box types at the caret, and the box keeps the focus. */
  const insert = (typed: string) => {
    const input = box.current;
    if (!input) return;
    const { selectionStart: start, selectionEnd: end, value } = input;
    const next = `${value.slice(0, start)}${typed}${value.slice(end)}`;
    if (next.length > STICKER_NUMBERS_TEXT_MAX) return;
    flushSync(() => setText(next));
    input.focus();
    input.setSelectionRange(start + typed.length, start + typed.length);
  };

  const toggleLetters = () => {
    flushSync(() => setLetters((current) => !current));
    // A phone picks its keyboard when the box gets the focus: blurred and focused again, it shows the other.
    box.current?.blur();
    box.current?.focus();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Inserimento rapido"
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Stack gap={6}>
            <Textarea
              ref={box}
              label="Numeri delle figurine"
              description={album.name}
              placeholder={example}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={submitOnCtrlEnter}
              maxLength={STICKER_NUMBERS_TEXT_MAX}
              inputMode={letters ? 'text' : 'numeric'}
              autosize
              minRows={3}
              maxRows={6}
              size="md"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              data-autofocus
            />
            <EntryKeys letters={letters} onToggleLetters={toggleLetters} onInsert={insert} />
          </Stack>
          {text.trim() !== '' && (
            <QuickEntryPreview
              count={preview.stickerIds.length}
              notFound={preview.notFound}
              unreadable={preview.unreadable}
            />
          )}
          <Stack gap={4}>
            <Text id={statusLabelId} size="sm" fw={500}>
              Segna come
            </Text>
            <SegmentedControl
              fullWidth
              size="md"
              aria-labelledby={statusLabelId}
              value={status}
              onChange={(value) => setStatus(value as StickerStatus)}
              data={QUICK_ENTRY_STATUSES.map(({ value, label }) => ({ value, label }))}
            />
          </Stack>
          <Group grow>
            <Button type="submit" size="lg" disabled={!canSubmit}>
              {isPending ? 'Salvataggio...' : 'Segna figurine'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
