import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Sticker } from './album-queries.ts';
import { StickerRow } from './sticker-row.tsx';
import type { StickerStatus } from './sticker-status.ts';

/** Room for a name on two lines and the team below it. */
const STICKER_ROW_HEIGHT = 68;

/** What both layouts of an album's stickers (this list, the grid of numbers) are given. */
export type StickerLayoutProps = {
  albumId: number;
  stickers: Sticker[];
  statusOf: (stickerId: number) => StickerStatus;
  /** A tap on it waits in the outbox. */
  unsaved: (stickerId: number) => boolean;
  /** Ticked out of the filter: it stays, greyed, until the filter changes. */
  faded: (stickerId: number) => boolean;
  onOpen: (stickerId: number) => void;
};

/**
 * The stickers of the opened album, virtualised against the page's own scroll: an album of 720 renders
 * only the rows on screen (plus a few), and the page scrolls like any other on a phone.
 */
export function StickerList({ albumId, stickers, statusOf, unsaved, faded, onOpen }: StickerLayoutProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the list starts on the page; it moves when the header above changes height.
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: stickers.length,
    estimateSize: () => STICKER_ROW_HEIGHT,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => stickers[index]?.id ?? index,
  });

  return (
    <ul
      ref={listRef}
      aria-label="Figurine"
      style={{
        position: 'relative',
        height: virtualizer.getTotalSize(),
        margin: 0,
        padding: 0,
        listStyle: 'none',
      }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const sticker = stickers[item.index];
        if (!sticker) return null;
        return (
          <li
            key={item.key}
            aria-setsize={stickers.length}
            aria-posinset={item.index + 1}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: STICKER_ROW_HEIGHT,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <StickerRow
              albumId={albumId}
              sticker={sticker}
              status={statusOf(sticker.id)}
              unsaved={unsaved(sticker.id)}
              faded={faded(sticker.id)}
              onOpen={onOpen}
            />
          </li>
        );
      })}
    </ul>
  );
}
