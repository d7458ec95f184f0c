import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { AlbumList } from './album-list.tsx';
import { useAlbums } from './album-queries.ts';
import { useActiveAlbums } from './use-active-albums.ts';

/**
 * /album: the album list. Opening an album goes to its own address, /album/{id}, so the phone's Back
 * brings the list again. Which album /album itself reopens, and `?reset=true`, are the route's business.
 */
export function AlbumPage() {
  const navigate = useNavigate();
  const albums = useAlbums();
  const albumIds = useMemo(() => albums.data?.map((album) => album.id) ?? [], [albums.data]);
  const { isActive, setSwitch } = useActiveAlbums(albumIds);

  const router = useRouter();
  const open = (albumId: number) => void navigate({ to: '/album/$albumId', params: { albumId } });
  // An opened album's code (and its data) is fetched when a finger touches the album, not with the list.
  const preload = useCallback(
    (albumId: number) => void router.preloadRoute({ to: '/album/$albumId', params: { albumId } }),
    [router],
  );
  return (
    <AlbumList albums={albums} isActive={isActive} setSwitch={setSwitch} onOpen={open} onIntent={preload} />
  );
}
