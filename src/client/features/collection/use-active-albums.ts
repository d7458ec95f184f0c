import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useMemo } from 'react';
import {
  ACTIVE_ALBUMS_KEY,
  KNOWN_ALBUMS_KEY,
  parseIds,
  reconcileSwitches,
  withSwitch,
} from './active-albums.ts';

const idsInStorage = (key: string) => ({
  key,
  defaultValue: [] as number[],
  getInitialValueInEffect: false,
  deserialize: (text: string | undefined) => parseIds(text ?? null),
});

/** The ON/OFF switches of the album list, kept in this browser's localStorage. */
export function useActiveAlbums(albumIds: readonly number[]) {
  const [active, setActive] = useLocalStorage<number[]>(idsInStorage(ACTIVE_ALBUMS_KEY));
  const [known, setKnown] = useLocalStorage<number[]>(idsInStorage(KNOWN_ALBUMS_KEY));
  // Albums not seen before count as ON from the first render, before the effect stores them.
  const switches = useMemo(() => reconcileSwitches({ active, known }, albumIds), [active, known, albumIds]);

  useEffect(() => {
    if (switches.known === known) return;
    setActive(switches.active);
    setKnown(switches.known);
  }, [switches, known, setActive, setKnown]);

  const activeIds = useMemo(() => new Set(switches.active), [switches.active]);
  const isActive = useCallback((albumId: number) => activeIds.has(albumId), [activeIds]);
  const setSwitch = useCallback(
    (albumId: number, on: boolean) => {
      const next = withSwitch(switches, albumId, on);
      setActive(next.active);
      setKnown(next.known);
    },
    [switches, setActive, setKnown],
  );
  return { isActive, setSwitch };
}
