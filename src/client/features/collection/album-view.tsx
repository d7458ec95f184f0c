import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { useOnline } from '../../shared/api/use-online.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { AlbumHeader } from './album-header.tsx';
import { type Album, useAlbumStickers, useStickerRecords } from './album-queries.ts';
import { albumStats } from './album-stats.ts';
import { usePendingStatuses } from './outbox/use-outbox.ts';
import { StickerDetailModal } from './sticker-detail-modal.tsx';
import { matchesFilter, STICKER_FILTERS, type StickerFilter } from './sticker-filter.ts';
import { StickerFilters } from './sticker-filters.tsx';
import { StickerList } from './sticker-list.tsx';
import { statusById } from './sticker-records.ts';

const SKELETON_ROWS = [1, 2, 3, 4, 5, 6, 7, 8];

type Props = {
  album: Album;
  filter: StickerFilter;
  onFilter: (filter: StickerFilter) => void;
  onBack: () => void;
};

/** An opened album: header, filters, and its stickers with the collector's marks. */
export function AlbumView({ album, filter, onFilter, onBack }: Props) {
  const stickers = useAlbumStickers(album.id);
  const records = useStickerRecords(album.id);
  // Kept after closing, so the dialog still shows its sticker while it fades out.
  const [detail, setDetail] = useState<{ stickerId: number; opened: boolean }>();

  const statuses = useMemo(() => statusById(records.data), [records.data]);
  // My taps the server has not confirmed yet show over what it last said.
  const pending = usePendingStatuses(useCurrentUser().user?.id ?? 0, album.id);
  const statusOf = useCallback(
    (stickerId: number) => pending.get(stickerId) ?? statuses.get(stickerId) ?? 'no',
    [pending, statuses],
  );
  // Marked as not saved only offline: online a tap waits a few milliseconds, not worth a flicker.
  const online = useOnline();
  const unsaved = useCallback((stickerId: number) => !online && pending.has(stickerId), [online, pending]);
  const ready = stickers.data && records.data ? stickers.data : undefined;
  const stats = useMemo(
    () => ready && albumStats(ready.map((sticker) => statusOf(sticker.id))),
    [ready, statusOf],
  );
  const shown = useMemo(
    () => ready?.filter((sticker) => matchesFilter(filter, statusOf(sticker.id))),
    [ready, filter, statusOf],
  );
  const detailSticker = ready?.find((sticker) => sticker.id === detail?.stickerId);
  const openDetail = useCallback((stickerId: number) => setDetail({ stickerId, opened: true }), []);
  const failure = stickers.error ?? records.error;

  const closeDetail = useCallback(() => setDetail((current) => current && { ...current, opened: false }), []);

  return (
    <Stack gap="sm">
      <AlbumHeader album={album} stats={stats} onBack={onBack} />
      <StickerFilters value={filter} onChange={onFilter} />
      {failure ? (
        <LoadFailure
          message={errorMessage(failure, 'Errore nel caricamento delle figurine')}
          onRetry={() => {
            if (stickers.error) void stickers.refetch();
            if (records.error) void records.refetch();
          }}
        />
      ) : !shown ? (
        <Stack gap={4} role="status" aria-label="Caricamento figurine">
          {SKELETON_ROWS.map((key) => (
            <Skeleton key={key} h={56} radius="sm" />
          ))}
        </Stack>
      ) : shown.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Text ta="center" c="dimmed">
            {STICKER_FILTERS.find((option) => option.value === filter)?.empty}
          </Text>
        </Card>
      ) : (
        <StickerList
          albumId={album.id}
          stickers={shown}
          statusOf={statusOf}
          unsaved={unsaved}
          onOpen={openDetail}
        />
      )}
      <StickerDetailModal
        opened={detail?.opened === true && detailSticker !== undefined}
        sticker={detailSticker}
        status={detailSticker && statusOf(detailSticker.id)}
        onClose={closeDetail}
      />
    </Stack>
  );
}
