import '../../shared/ui/segmented-control-mantine.css';
import { SegmentedControl } from '@mantine/core';
import { memo } from 'react';
import { STICKER_FILTERS, type StickerFilter } from './sticker-filter.ts';

const OPTIONS = STICKER_FILTERS.map(({ value, label }) => ({ value, label }));

type Props = { value: StickerFilter; onChange: (filter: StickerFilter) => void };

/** Tutte / Possedute / Mancanti / Doppie: sized so the four fit a phone's width whole. */
export const StickerFilters = memo(function StickerFilters({ value, onChange }: Props) {
  return (
    <SegmentedControl
      fullWidth
      size="sm"
      aria-label="Filtra le figurine"
      value={value}
      onChange={onChange}
      data={OPTIONS}
    />
  );
});
