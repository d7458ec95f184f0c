import { type Place, shownDistanceKm } from '../../rpc/schemas/place.ts';
import { comuneOf } from './comuni-directory.ts';

/**
 * Another collector's place as I may see it: their comune's name and the distance between our points in
 * whole km. Their CAP only names their comune here and goes no further (issue 43).
 */
export function placeOf(them: { cap: string; comune: string | null }, distanceKm: number): Place {
  return { comune: comuneOf(them.cap, them.comune)?.nome ?? null, distanceKm: shownDistanceKm(distanceKm) };
}
