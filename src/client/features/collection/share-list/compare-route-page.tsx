import { getRouteApi } from '@tanstack/react-router';
import { ComparePage } from './compare-page.tsx';

const route = getRouteApi('/confronta/$albumId');

/** /confronta/{album}?da=…&mancano=…&doppie=…: the comparison a shared list's link opens. */
export function CompareRoutePage() {
  const { albumId } = route.useParams();
  const search = route.useSearch();
  return (
    <ComparePage albumId={albumId} from={search.da ?? ''} missing={search.mancano} doubles={search.doppie} />
  );
}
