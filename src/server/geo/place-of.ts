import { ageBandOfUser, type BirthColumns, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { distanceBandKm, type Place, shownDistanceKm } from '../../rpc/schemas/place.ts';
import { comuneOf } from './comuni-directory.ts';

/** A collector's row as statements read it: CAP, picked comune, birth columns. */
export type PlaceRow = {
  cap: string;
  comune: string | null;
  birth_year?: number | null;
  birth_month?: number | null;
};

/**
 * Another collector's place as I may see it: their comune's name and the distance between our points in
 * whole km. Their CAP only names their comune here and goes no further (issue 43). A minor's place stays
 * coarse (issue 45, row 6): no comune, only the band the distance falls in ('entro 5 km').
 */
export function placeOf(them: PlaceRow, distanceKm: number): Place {
  const birth: BirthColumns = { birthYear: them.birth_year, birthMonth: them.birth_month };
  if (isMinor(ageBandOfUser(birth)))
    return { comune: null, distanceKm: distanceBandKm(distanceKm), within: true };
  return { comune: comuneOf(them.cap, them.comune)?.nome ?? null, distanceKm: shownDistanceKm(distanceKm) };
}
