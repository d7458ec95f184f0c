import { ALBUM_RESET_EVENT } from './album-reset-event.ts';

/**
 * The album the collector last had open, so that coming back to /album by other ways (a link, the
 * address bar, a reload of /album) finds them there. Each album has its own URL; this only remembers
 * which one. sessionStorage keeps it for this tab only.
 */
const STORAGE_KEY = 'openAlbum';

export function rememberedAlbumId(): number | null {
  try {
    const id = Number(window.sessionStorage.getItem(STORAGE_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function rememberOpenAlbum(id: number | null) {
  try {
    if (id === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // Storage refused (private mode, quota): /album just shows the list.
  }
}

// The Album tab is usually tapped from another page, while the album screen is not mounted to hear it.
window.addEventListener(ALBUM_RESET_EVENT, () => rememberOpenAlbum(null));
