import { Box, Stack } from '@mantine/core';
import { memo, useRef } from 'react';
import type { StickerFilter } from './sticker-filter.ts';
import { StickerFilters } from './sticker-filters.tsx';
import { StickerSearchBox } from './sticker-search-box.tsx';

type Props = {
  filter: StickerFilter;
  onFilter: (filter: StickerFilter) => void;
  query: string;
  onQuery: (query: string) => void;
};

/** The search box and the filters, pinned to the top of the screen while the list scrolls under them. */
export const AlbumToolbar = memo(function AlbumToolbar({ filter, onFilter, query, onQuery }: Props) {
  const naturalTop = useRef<HTMLDivElement>(null);
  // Deep in a long list, a new filter or search starts from its first sticker, just below the toolbar.
  const toListStart = () => {
    const top = naturalTop.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy(0, top);
  };
  return (
    <>
      <div ref={naturalTop} />
      <Box pos="sticky" top={0} bg="white" py={4} style={{ zIndex: 2 }}>
        <Stack gap={6}>
          <StickerSearchBox
            value={query}
            onChange={(next) => {
              onQuery(next);
              toListStart();
            }}
          />
          <StickerFilters
            value={filter}
            onChange={(next) => {
              onFilter(next);
              toListStart();
            }}
          />
        </Stack>
      </Box>
    </>
  );
});
