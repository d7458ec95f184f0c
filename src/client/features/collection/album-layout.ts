import { useCallback, useState } from 'react';

/** How the opened album shows its stickers: rows with three buttons, or a grid of numbers. */
export type AlbumLayout = 'list' | 'grid';

/** A preference of this device (the trackers collectors use keep it so too), not of one address. */
const STORAGE_KEY = 'albumLayout';

function storedLayout(): AlbumLayout {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

export function useAlbumLayout(): [AlbumLayout, (layout: AlbumLayout) => void] {
  const [layout, setLayout] = useState(storedLayout);
  const choose = useCallback((next: AlbumLayout) => {
    setLayout(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode, quota): the choice lasts this visit.
    }
  }, []);
  return [layout, choose];
}
