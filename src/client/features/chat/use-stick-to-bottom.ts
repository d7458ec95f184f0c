import { useEffect, useLayoutEffect, useRef } from 'react';

/** How close to the end still counts as "reading the newest messages". */
const NEAR_BOTTOM_PX = 120;

/**
 * Keeps a scrolling box on its newest content: at once when the first messages show, then for each new
 * message that is mine or arrives while the user is already at the end. Someone scrolled up to read
 * older messages is left where they are.
 */
export function useStickToBottom<T extends HTMLElement>(newest: { id: number; mine: boolean } | undefined) {
  const ref = useRef<T>(null);
  const atBottom = useRef(true);
  const shownId = useRef<number | null>(null);

  const onScroll = () => {
    const box = ref.current;
    if (box) atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
  };

  const newestId = newest?.id;
  const newestMine = newest?.mine ?? false;
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || newestId === undefined || newestId === shownId.current) return;
    const first = shownId.current === null;
    shownId.current = newestId;
    if (first || newestMine || atBottom.current) {
      box.scrollTo({ top: box.scrollHeight, behavior: first ? 'instant' : 'smooth' });
      atBottom.current = true;
    }
  }, [newestId, newestMine]);

  // The box shrinks when the input grows to several lines: whoever was at the end stays there.
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return { ref, onScroll };
}
