// A CAP's point, for the tests and scripts that place collectors by CAP alone: the point of the comune
// that uses it (docs/cap-data.md). A collector's own point comes from their comune (cap-location.ts).
import { comuniOfCap, type GeoPoint } from './comuni-directory.ts';
import { greatCircleKm } from './great-circle.ts';

export type { GeoPoint };

/** The point of a CAP used by exactly one comune; undefined for a shared or unknown CAP. */
export function findCapPoint(cap: string): GeoPoint | undefined {
  const [only, ...others] = comuniOfCap(cap);
  return only && others.length === 0 ? { lat: only.lat, lon: only.lon } : undefined;
}

export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  return greatCircleKm(a.lat, a.lon, b.lat, b.lon);
}
