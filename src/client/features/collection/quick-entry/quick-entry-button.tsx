import { ActionIcon, Tooltip } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { QuickEntryDialog } from './quick-entry-dialog.tsx';

type Props = { album: { id: number; name: string } };

/** Opens "Inserimento rapido" for the album: many numbers typed at once, one status for all. */
export function QuickEntryButton({ album }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label="Inserimento rapido">
        <ActionIcon size={44} variant="light" aria-label="Inserimento rapido" onClick={() => setOpened(true)}>
          <IconListNumbers size={24} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <QuickEntryDialog album={album} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
