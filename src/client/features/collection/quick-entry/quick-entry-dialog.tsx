import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useMemo, useState } from 'react';
import { parseStickerNumbers, STICKER_NUMBERS_TEXT_MAX } from '../../../../rpc/schemas/collection.ts';
import { isNetworkFailure } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { queueTaps } from '../outbox/tap-outbox.ts';
import type { StickerStatus } from '../sticker-status.ts';
import { markedMessage, notFoundMessage, QUICK_ENTRY_STATUSES, stickerCount } from './quick-entry-text.ts';
import { resolveStickerNumbers } from './resolve-numbers.ts';
import { useBulkStatus } from './use-bulk-status.ts';

const NONE_UNKNOWN = { listed: [], count: 0 };

type Props = { album: { id: number; name: string }; opened: boolean; onClose: () => void };

/**
 * 'Inserimento rapido': the numbers of a whole packet typed at once (`1-20, 35, ITA 3`), one status for
 * all. Numbers the album does not have stay in the box, listed, so they can be fixed and sent again.
 */
export function QuickEntryDialog({ album, opened, onClose }: Props) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StickerStatus>('yes');
  const [unknown, setUnknown] = useState<{ listed: string[]; count: number }>(NONE_UNKNOWN);
  const parsed = useMemo(() => parseStickerNumbers(text), [text]);
  const bulk = useBulkStatus(album.id);
  const utils = trpc.useUtils();
  const userId = useCurrentUser().user?.id;
  const statusLabelId = useId();
  const canSubmit = text.trim() !== '' && !bulk.isPending;
  // What the server already listed back is in the alert below; the live hint names only new mistakes.
  const unreadable = parsed.invalid.filter((part) => !unknown.listed.includes(part));

  const close = () => {
    setUnknown(NONE_UNKNOWN);
    onClose();
  };

  const showResult = (listed: string[], count: number) => {
    setUnknown({ listed, count });
    // What was marked is done: only the numbers to fix stay in the box, unless the server listed
    // just the first of many (then the box keeps what was typed; sending it again is harmless).
    if (count === listed.length) setText(listed.join(', '));
    if (count === 0) onClose();
  };

  /**
   * No connection: the numbers are found in the album as this device has it and the marks go into the
   * outbox, like taps, to be sent when the connection returns.
   */
  const keepOnDevice = (tappedAt: number) => {
    const stickers = utils.stickers.list.getData({ albumId: album.id });
    if (!stickers || userId === undefined) return;
    const { stickerIds, unknown } = resolveStickerNumbers(text, stickers);
    void queueTaps(
      stickerIds.map((stickerId) => ({ userId, albumId: album.id, stickerId, status, tappedAt })),
    );
    if (stickerIds.length > 0) {
      toastSuccess('Figurine aggiornate', `${markedMessage(stickerIds.length, status)}: da sincronizzare`);
    }
    showResult(unknown, unknown.length);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    const tappedAt = Date.now();
    if (!onlineManager.isOnline()) return keepOnDevice(tappedAt);
    bulk.mutate(
      { albumId: album.id, numbers: text, status, tappedAt },
      {
        onSuccess: (result) => showResult(result.unknown, result.unknownCount),
        onError: (error) => {
          if (isNetworkFailure(error)) keepOnDevice(tappedAt);
        },
      },
    );
  };

  // Enter is a new line (numbers go one per line too); Ctrl/Cmd+Enter sends.
  const submitOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    submit();
  };

  return (
    <Modal opened={opened} onClose={close} title="Inserimento rapido" styles={{ title: { fontWeight: 700 } }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Numeri delle figurine"
            description={album.name}
            placeholder="Es. 1-20, 35, ITA 3"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={submitOnCtrlEnter}
            maxLength={STICKER_NUMBERS_TEXT_MAX}
            autosize
            minRows={3}
            maxRows={8}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
          />
          <Group gap="xs" aria-live="polite">
            <Text size="sm" fw={600}>
              {stickerCount(parsed.numbers.length)}
            </Text>
            {unreadable.length > 0 && (
              <Text size="sm" c="red.8">
                {`Da correggere: ${unreadable.join(', ')}`}
              </Text>
            )}
          </Group>
          {unknown.count > 0 && (
            <Alert color="orange" variant="light" title="Da correggere">
              {notFoundMessage(unknown.listed, unknown.count)}
            </Alert>
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
              {bulk.isPending ? 'Salvataggio...' : 'Segna figurine'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
