import { useSyncExternalStore } from 'react';
import { ALBUM_RESET_EVENT } from './album-reset-event.ts';

/**
 * Which album the album screen has open. It lives outside the page so that leaving /album and coming
 * back (or reloading) finds the collector where they were; sessionStorage keeps it for this tab only.
 */
const STORAGE_KEY = 'openAlbum';
const listeners = new Set<() => void>();

function read(): number | null {
  try {
    const id = Number(window.sessionStorage.getItem(STORAGE_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

let openAlbumId = read();

export function setOpenAlbumId(id: number | null) {
  openAlbumId = id;
  try {
    if (id === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // Storage refused (private mode, quota): the choice still holds until the tab is reloaded.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenAlbumId(): number | null {
  return useSyncExternalStore(subscribe, () => openAlbumId);
}

// The Album tab is usually tapped from another page, while the album screen is not mounted to hear it.
window.addEventListener(ALBUM_RESET_EVENT, () => setOpenAlbumId(null));
