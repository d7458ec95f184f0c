import { ActionIcon, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';
import { ALBUM_CACHE_MS } from '../album-queries.ts';
import { outboxSnapshot } from '../outbox/tap-outbox.ts';
import { pendingStatuses } from '../outbox/use-outbox.ts';
import { statusById } from '../sticker-records.ts';
import { shareOrCopy } from './share-or-copy.ts';
import { shareListText } from './share-text.ts';
import { ShareTextDialog } from './share-text-dialog.tsx';

type Props = { album: { id: number; name: string } };

/** One tap shares the collector's missing and double numbers for the album as one short text. */
export function ShareListButton({ album }: Props) {
  const utils = trpc.useUtils();
  const userId = useCurrentUser().user?.id ?? 0;
  const [busy, setBusy] = useState(false);
  const [fallback, setFallback] = useState({ opened: false, text: '' });

  const share = async () => {
    setBusy(true);
    try {
      // The opened album has both in cache already; marks still on their way to the server count too.
      const [stickers, records] = await Promise.all([
        utils.stickers.list.ensureData({ albumId: album.id }, { staleTime: ALBUM_CACHE_MS }),
        utils.collection.list.ensureData({ albumId: album.id }),
      ]);
      const statuses = statusById(records);
      const pending = pendingStatuses(outboxSnapshot(), userId, album.id);
      const text = shareListText({
        albumName: album.name,
        stickers,
        statusOf: (stickerId) => pending.get(stickerId) ?? statuses.get(stickerId) ?? 'no',
      });
      const outcome = await shareOrCopy({ title: album.name, text });
      if (outcome === 'copied') toastSuccess('Lista copiata', 'Incollala in chat o in un messaggio');
      if (outcome === 'failed') setFallback({ opened: true, text });
    } catch (error) {
      toastError(errorMessage(error, 'Errore nel caricamento delle figurine'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip label="Condividi lista">
        <ActionIcon size={44} variant="light" aria-label="Condividi lista" loading={busy} onClick={share}>
          <IconShare size={24} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ShareTextDialog
        opened={fallback.opened}
        text={fallback.text}
        onClose={() => setFallback((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
