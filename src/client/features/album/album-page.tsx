import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { AlbumList } from './album-list.tsx';
import { useAlbums } from './album-queries.ts';
import { AlbumView } from './album-view.tsx';
import { setOpenAlbumId, useOpenAlbumId } from './open-album.ts';
import { useActiveAlbums } from './use-active-albums.ts';

/** Each view starts at its top, whatever the other one was scrolled to. */
function show(albumId: number | null) {
  setOpenAlbumId(albumId);
  window.scrollTo(0, 0);
}

const showList = () => show(null);

/**
 * /album: the album list, or the album the collector opened from it. `?reset=true` and the Album tab
 * (ALBUM_RESET_EVENT, handled in open-album.ts) bring the list back.
 */
export function AlbumPage() {
  const { reset } = useSearch({ from: '/album' });
  const navigate = useNavigate();
  const albums = useAlbums();
  const albumIds = useMemo(() => albums.data?.map((album) => album.id) ?? [], [albums.data]);
  const { isActive, setSwitch } = useActiveAlbums(albumIds);
  const openAlbumId = useOpenAlbumId();

  useEffect(() => {
    if (!reset) return;
    setOpenAlbumId(null);
    // Drop the flag, so a reload of the list does not look like a new reset.
    void navigate({ to: '/album', search: {}, replace: true });
  }, [reset, navigate]);

  // An album switched OFF, or removed by the admin meanwhile, cannot stay open.
  const open = reset
    ? undefined
    : albums.data?.find((album) => album.id === openAlbumId && isActive(album.id));

  if (open) return <AlbumView album={open} onBack={showList} />;
  return <AlbumList albums={albums} isActive={isActive} setSwitch={setSwitch} onOpen={show} />;
}
