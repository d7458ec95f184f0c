import { IconListNumbers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { AlbumToolButton } from '../album-tool-button.tsx';

// The dialog brings the sticker-number parser, and zod with it: fetched on the first open, not with the album.
const QuickEntryDialog = lazy(() =>
  import('./quick-entry-dialog.tsx').then((module) => ({ default: module.QuickEntryDialog })),
);

type Props = { album: { id: number; name: string } };

/** Opens "Inserimento rapido" for the album: many numbers typed at once, one status for all. */
export function QuickEntryButton({ album }: Props) {
  // Undefined until the first open; then the dialog stays mounted, so it closes with its transition.
  const [opened, setOpened] = useState<boolean>();
  return (
    <>
      <AlbumToolButton
        icon={<IconListNumbers size={22} aria-hidden />}
        label="Inserisci"
        onClick={() => setOpened(true)}
      />
      {opened !== undefined && (
        <Suspense fallback={null}>
          <QuickEntryDialog album={album} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
