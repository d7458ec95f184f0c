import { Skeleton, Stack } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { useOnline } from '../../shared/api/use-online.ts';
import { isComplete } from '../../shared/completion/counted-stickers.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { AlbumCompletedCard } from './album-completed/album-completed-card.tsx';
import { AlbumHeader } from './album-header.tsx';
import { useAlbumLayout } from './album-layout.ts';
import { type Album, useAlbumStickers, useStickerRecords } from './album-queries.ts';
import { albumStats } from './album-stats.ts';
import { AlbumToolbar } from './album-toolbar.tsx';
import { ExtrasBlock } from './extras-block.tsx';
import { LastStickersLink } from './last-stickers-link.tsx';
import { NoStickers } from './no-stickers.tsx';
import { OrderListLink } from './order-list/order-list-link.tsx';
import { usePendingStatuses } from './outbox/pending-taps.ts';
import { StickerDetailModal } from './sticker-detail-modal.tsx';
import { matchesFilter, type StickerFilter } from './sticker-filter.ts';
import { StickerGrid } from './sticker-grid.tsx';
import { StickerList } from './sticker-list.tsx';
import { statusById } from './sticker-records.ts';
import { searchEntry, stickerQuery } from './sticker-search.ts';
import { albumSections } from './sticker-sections.ts';

const SKELETON_ROWS = [1, 2, 3, 4, 5, 6, 7, 8];

type Props = {
  album: Album;
  filter: StickerFilter;
  onFilter: (filter: StickerFilter) => void;
  onBack: () => void;
};

/** An opened album: header, search and filters, and its stickers with the collector's marks. */
export function AlbumView({ album, filter, onFilter, onBack }: Props) {
  const stickers = useAlbumStickers(album.id);
  const records = useStickerRecords(album.id);
  // The box shows each key at once; the list follows as soon as the device has a moment.
  const [query, setQuery] = useState('');
  const [layout, setLayout] = useAlbumLayout();
  const Layout = layout === 'grid' ? StickerGrid : StickerList;
  const search = useDeferredValue(query);
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
  const stats = useMemo(() => {
    if (!ready) return undefined;
    const spares = new Map(records.data?.map((record) => [record.stickerId, record.spares ?? 1]));
    let spareCopies = 0;
    for (const sticker of ready)
      if (statusOf(sticker.id) === 'double') spareCopies += spares.get(sticker.id) ?? 1;
    return { ...albumStats(ready, statusOf), spareCopies };
  }, [ready, records.data, statusOf]);
  const sections = useMemo(() => albumSections(ready), [ready]);
  // Kept with its album: another album opens on all its sections.
  const [sectionOf, setSectionOf] = useState<{ albumId: number; section: string | null }>();
  const section = sectionOf?.albumId === album.id ? sectionOf.section : null;
  const setSection = useCallback(
    (next: string | null) => setSectionOf({ albumId: album.id, section: next }),
    [album.id],
  );
  const matches = useMemo(() => stickerQuery(search), [search]);
  // What each sticker is found by, worked out on the first search only.
  const searching = matches !== undefined;
  const entries = useMemo(() => (searching ? ready?.map(searchEntry) : undefined), [ready, searching]);
  // Every sticker this filter and search have shown: a row ticked out of the filter stays (greyed) until
  // the filter or the search changes, so the next row never slides under the finger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set for each filter, search, section and album
  const seen = useMemo(() => new Set<number>(), [filter, search, section, album.id]);
  const shown = useMemo(
    () =>
      ready?.filter((sticker, index) => {
        const entry = entries?.[index];
        if (matches && entry && !matches(entry)) return false;
        if (section !== null && sticker.section !== section) return false;
        if (!matchesFilter(filter, statusOf(sticker.id))) return seen.has(sticker.id);
        seen.add(sticker.id);
        return true;
      }),
    [ready, entries, matches, filter, section, statusOf, seen],
  );
  const faded = useCallback(
    (stickerId: number) => !matchesFilter(filter, statusOf(stickerId)),
    [filter, statusOf],
  );
  const detailSticker = ready?.find((sticker) => sticker.id === detail?.stickerId);
  const openDetail = useCallback((stickerId: number) => setDetail({ stickerId, opened: true }), []);
  const failure = stickers.error ?? records.error;

  const clearQuery = useCallback(() => setQuery(''), []);
  const clearSection = useCallback(() => setSection(null), [setSection]);
  const closeDetail = useCallback(() => setDetail((current) => current && { ...current, opened: false }), []);

  return (
    <Stack gap="sm">
      <AlbumHeader album={album} stats={stats} onBack={onBack} />
      {stats && isComplete(stats) && (
        <AlbumCompletedCard key={album.id} album={album} doubles={stats.spareCopies} />
      )}
      <ExtrasBlock extras={stats?.extras} />
      <OrderListLink albumId={album.id} missing={stats?.missing} />
      <LastStickersLink albumId={album.id} missing={stats?.missing} />
      <AlbumToolbar
        filter={filter}
        onFilter={onFilter}
        query={query}
        onQuery={setQuery}
        layout={layout}
        onLayout={setLayout}
        sections={sections}
        section={section}
        onSection={setSection}
      />
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
        <NoStickers
          filter={filter}
          query={search}
          onFilter={onFilter}
          onClearQuery={clearQuery}
          section={section}
          onClearSection={clearSection}
        />
      ) : (
        <Layout
          albumId={album.id}
          stickers={shown}
          statusOf={statusOf}
          unsaved={unsaved}
          faded={faded}
          onOpen={openDetail}
        />
      )}
      <StickerDetailModal
        albumId={album.id}
        opened={detail?.opened === true && detailSticker !== undefined}
        sticker={detailSticker}
        status={detailSticker && statusOf(detailSticker.id)}
        onClose={closeDetail}
      />
    </Stack>
  );
}
