import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { AlbumNotFound } from './album-not-found.tsx';
import { useAlbums } from './album-queries.ts';
import { AlbumView } from './album-view.tsx';
import { rememberedAlbumId, rememberOpenAlbum } from './open-album.ts';
import { filterOfSearch, type StickerFilter, searchOfFilter } from './sticker-filter.ts';
import { useActiveAlbums } from './use-active-albums.ts';

const route = getRouteApi('/_authed/album/$albumId');

/** /album/{id}?filter=…: one album, open; the address alone says which album and which filter. */
export function OpenedAlbumPage() {
  const { albumId } = route.useParams();
  const search = route.useSearch();
  const navigate = useNavigate();
  const albums = useAlbums();
  const albumIds = useMemo(() => albums.data?.map((album) => album.id) ?? [], [albums.data]);
  const { isActive } = useActiveAlbums(albumIds);
  const album = albums.data?.find((candidate) => candidate.id === albumId);
  const missing = albums.data !== undefined && album === undefined;
  const open = album !== undefined && isActive(album.id);

  useEffect(() => {
    if (open) rememberOpenAlbum(albumId);
    else if (missing && rememberedAlbumId() === albumId) rememberOpenAlbum(null);
  }, [open, missing, albumId]);

  // Each filter replaces the address rather than adding to the history: Back still goes to the list.
  const changeFilter = useCallback(
    (filter: StickerFilter) =>
      void navigate({ to: '.', search: searchOfFilter(filter), replace: true, resetScroll: false }),
    [navigate],
  );
  const back = useCallback(() => void navigate({ to: '/album' }), [navigate]);

  if (albums.isPending) return <FullPageLoader />;
  if (albums.error && !albums.data) {
    return (
      <LoadFailure
        message={errorMessage(albums.error, 'Errore nel caricamento degli album')}
        onRetry={() => void albums.refetch()}
      />
    );
  }
  if (!album) return <AlbumNotFound />;
  // An album switched OFF cannot be opened, not even by its address.
  if (!isActive(album.id)) return <Navigate to="/album" replace />;
  return <AlbumView album={album} filter={filterOfSearch(search)} onFilter={changeFilter} onBack={back} />;
}
