import { ActionIcon } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { type ReportableMessage, ReportUserDialog } from '../../shared/reports/report-user-dialog.tsx';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { SwapChooser } from '../../shared/swaps/swap-chooser.tsx';
import { toastError } from '../../shared/ui/toast.ts';
import { BlockDialog } from './block-dialog.tsx';
import { ChatMenu } from './chat-menu.tsx';
import type { useBlocking } from './use-blocking.ts';

type Dialog = 'swap' | 'block' | 'report' | null;

type Props = {
  other: { id: number; nickname: string };
  blocking: ReturnType<typeof useBlocking>;
  /** Their messages in this chat, newest first, for 'Segnala' to be about one of them. */
  theirMessages: readonly ReportableMessage[];
};

/** The header's right side: 'Proponi scambio' (in my chosen album) and ⋮ with 'Blocca' and 'Segnala'. */
export function ChatActions({ other, blocking, theirMessages }: Props) {
  const { user } = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const albumId = user?.albumSelezionato ?? null;
  const close = () => setDialog(null);
  return (
    <>
      {!blocking.blocked && (
        <ActionIcon
          variant="light"
          size={44}
          radius="xl"
          aria-label="Proponi scambio"
          title="Proponi scambio"
          onClick={() =>
            albumId === null
              ? toastError('Scegli prima un album nel Profilo', 'Nessun album scelto')
              : setDialog('swap')
          }
        >
          <IconArrowsExchange size={22} />
        </ActionIcon>
      )}
      <ChatMenu
        blocked={blocking.blocked}
        onBlock={() => setDialog('block')}
        onUnblock={blocking.unblock}
        onReport={() => setDialog('report')}
      />
      {dialog === 'swap' && albumId !== null && (
        <SwapChooser opened onClose={close} other={other} albumId={albumId} />
      )}
      <BlockDialog
        opened={dialog === 'block'}
        nickname={other.nickname}
        pending={blocking.blocking}
        onConfirm={() => void blocking.block()?.then(close, () => undefined)}
        onClose={close}
      />
      <ReportUserDialog opened={dialog === 'report'} other={other} messages={theirMessages} onClose={close} />
    </>
  );
}
