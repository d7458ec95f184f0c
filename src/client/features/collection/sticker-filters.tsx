import { Box, SegmentedControl } from '@mantine/core';
import { memo, useRef } from 'react';
import { STICKER_FILTERS, type StickerFilter } from './sticker-filter.ts';

const OPTIONS = STICKER_FILTERS.map(({ value, label }) => ({ value, label }));

type Props = { value: StickerFilter; onChange: (filter: StickerFilter) => void };

/** Tutte / Mie / Mancanti / Doppie, pinned to the top of the screen while the list scrolls under it. */
export const StickerFilters = memo(function StickerFilters({ value, onChange }: Props) {
  const naturalTop = useRef<HTMLDivElement>(null);
  const change = (filter: StickerFilter) => {
    onChange(filter);
    // Deep in a long list, a new filter starts from its first sticker, just below the filters.
    const top = naturalTop.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy(0, top);
  };
  return (
    <>
      <div ref={naturalTop} />
      <Box pos="sticky" top={0} bg="white" py={4} style={{ zIndex: 2 }}>
        <SegmentedControl
          fullWidth
          size="md"
          aria-label="Filtra le figurine"
          value={value}
          onChange={change}
          data={OPTIONS}
        />
      </Box>
    </>
  );
});
