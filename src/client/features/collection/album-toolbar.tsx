import { ActionIcon, Box, Group, NativeSelect, Stack } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { memo, useRef } from 'react';
import type { AlbumLayout } from './album-layout.ts';
import type { StickerFilter } from './sticker-filter.ts';
import { StickerFilters } from './sticker-filters.tsx';
import { StickerSearchBox } from './sticker-search-box.tsx';

type Props = {
  filter: StickerFilter;
  onFilter: (filter: StickerFilter) => void;
  query: string;
  onQuery: (query: string) => void;
  layout: AlbumLayout;
  onLayout: (layout: AlbumLayout) => void;
  /** The album's sections (issue 49): with some, a 'Sezione' select beside the filters. */
  sections: readonly string[];
  section: string | null;
  onSection: (section: string | null) => void;
};

/** The select's value for every section: no section name is empty (the admin's are trimmed, non-empty). */
const ALL_SECTIONS = '';

/**
 * The search box, the grid switch and the filters, pinned to the top of the screen while the list
 * scrolls under them.
 */
export const AlbumToolbar = memo(function AlbumToolbar({
  filter,
  onFilter,
  query,
  onQuery,
  layout,
  onLayout,
  sections,
  section,
  onSection,
}: Props) {
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
          <Group gap={6} wrap="nowrap">
            <Box flex={1} miw={0}>
              <StickerSearchBox
                value={query}
                onChange={(next) => {
                  onQuery(next);
                  toListStart();
                }}
              />
            </Box>
            <ActionIcon
              size={44}
              variant={layout === 'grid' ? 'filled' : 'default'}
              aria-label="Griglia dei numeri"
              aria-pressed={layout === 'grid'}
              onClick={() => onLayout(layout === 'grid' ? 'list' : 'grid')}
            >
              <IconLayoutGrid size={22} aria-hidden />
            </ActionIcon>
          </Group>
          <StickerFilters
            value={filter}
            onChange={(next) => {
              onFilter(next);
              toListStart();
            }}
          />
          {sections.length > 0 && (
            <NativeSelect
              aria-label="Sezione"
              value={section ?? ALL_SECTIONS}
              onChange={(event) => {
                onSection(event.currentTarget.value === ALL_SECTIONS ? null : event.currentTarget.value);
                toListStart();
              }}
              data={[
                { value: ALL_SECTIONS, label: 'Tutte le sezioni' },
                ...sections.map((name) => ({ value: name, label: name })),
              ]}
            />
          )}
        </Stack>
      </Box>
    </>
  );
});
