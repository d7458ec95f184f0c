import './share-list-mantine.css';
import { Menu } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { shareOrCopy } from '../../../shared/share/share-or-copy.ts';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';
import { ALBUM_CACHE_MS } from '../album-queries.ts';
import { AlbumToolButton } from '../album-tool-button.tsx';
import { pendingStatuses } from '../outbox/pending-taps.ts';
import { outboxSnapshot } from '../outbox/tap-outbox.ts';
import { statusById } from '../sticker-records.ts';
import { compareLink } from './compare-link.ts';
import { SHARE_CHOICES, type ShareChoice, sharedLists, shareListText } from './share-text.ts';
import { ShareTextDialog } from './share-text-dialog.tsx';

type Props = { album: { id: number; name: string } };

/**
 * The collector picks what to share (both lists, or one) and the phone's share sheet gets a text made for
 * WhatsApp, with a link that opens the comparison in the app for whoever receives it.
 */
export function ShareListButton({ album }: Props) {
  const utils = trpc.useUtils();
  const user = useCurrentUser().user;
  const userId = user?.id ?? 0;
  const [busy, setBusy] = useState(false);
  const [fallback, setFallback] = useState({ opened: false, text: '' });

  const share = async (choice: ShareChoice) => {
    setBusy(true);
    try {
      // The opened album has both in cache already; marks still on their way to the server count too.
      const [stickers, records] = await Promise.all([
        utils.stickers.list.ensureData({ albumId: album.id }, { staleTime: ALBUM_CACHE_MS }),
        utils.collection.list.ensureData({ albumId: album.id }),
      ]);
      const statuses = statusById(records);
      const pending = pendingStatuses(outboxSnapshot(), userId, album.id);
      const spares = new Map(records.map((record) => [record.stickerId, record.spares]));
      const lists = {
        stickers,
        statusOf: (stickerId: number) => pending.get(stickerId) ?? statuses.get(stickerId) ?? 'no',
        sparesOf: (stickerId: number) => spares.get(stickerId),
        choice,
      };
      const link = compareLink(window.location.origin, album.id, {
        from: user?.nickname ?? '',
        ...sharedLists(lists),
      });
      const text = shareListText({ albumName: album.name, link, ...lists });
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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <AlbumToolButton
            icon={<IconShare size={22} aria-hidden />}
            label="Condividi"
            aria-label="Condividi lista"
            loading={busy}
          />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Cosa vuoi condividere?</Menu.Label>
          {SHARE_CHOICES.map((choice) => (
            <Menu.Item key={choice.value} onClick={() => void share(choice.value)} mih={44}>
              {choice.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ShareTextDialog
        opened={fallback.opened}
        text={fallback.text}
        onClose={() => setFallback((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
