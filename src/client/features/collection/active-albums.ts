/**
 * Which albums are switched ON on this device (spec §3 "activeAlbums", local only).
 *
 * An album is ON until the collector switches it OFF: a newcomer can open an album at once, and an album
 * the admin adds later shows up ON too. To tell "switched OFF" from "never seen", the device also keeps
 * the ids it has already seen (`known`); every unseen album is added as ON.
 */
export type StoredSwitches = { active: number[]; known: number[] };

export const ACTIVE_ALBUMS_KEY = 'activeAlbums';
export const KNOWN_ALBUMS_KEY = 'knownAlbums';

/** The switches once the albums on the list are taken into account: unseen ones are ON. */
export function reconcileSwitches(stored: StoredSwitches, albumIds: readonly number[]): StoredSwitches {
  const known = new Set(stored.known);
  const unseen = albumIds.filter((id) => !known.has(id));
  if (unseen.length === 0) return stored;
  return { active: [...stored.active, ...unseen], known: [...stored.known, ...unseen] };
}

export function withSwitch(stored: StoredSwitches, albumId: number, on: boolean): StoredSwitches {
  const active = stored.active.filter((id) => id !== albumId);
  return {
    active: on ? [...active, albumId] : active,
    known: stored.known.includes(albumId) ? stored.known : [...stored.known, albumId],
  };
}

/** Whatever is in storage, a list of ids: anything else (hand-edited, an older shape) counts as nothing. */
export function parseIds(text: string | null): number[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
