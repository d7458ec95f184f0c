import { useState } from 'react';

/**
 * The reports ticked on the page on screen. Only ids still shown count, so a report that left the page
 * (deleted elsewhere, moved by a reload) is never acted on unseen.
 */
export function useReportSelection(shownIds: number[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const selectedIds = shownIds.filter((id) => ticked.has(id));
  const allShown = shownIds.length > 0 && selectedIds.length === shownIds.length;

  const toggle = (id: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setTicked(allShown ? new Set() : new Set(shownIds));
  const clear = () => setTicked(new Set());

  return { selectedIds, isSelected: (id: number) => ticked.has(id), toggle, toggleAll, clear };
}
