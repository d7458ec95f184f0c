/** Fired when the Album tab is tapped: the album screen goes back to its album list. */
export const ALBUM_RESET_EVENT = 'album:reset';

export function fireAlbumReset() {
  window.dispatchEvent(new Event(ALBUM_RESET_EVENT));
}
