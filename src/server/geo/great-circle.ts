/** The Earth's mean radius, for every distance the app shows or compares. */
export const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance in km between two points in degrees (haversine). */
export function greatCircleKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  // min() guards against rounding pushing h slightly above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The same distance between two points given as SQL expressions (column names or `?`), so a distance
 * shown to a collector and a distance compared with a radius in SQL agree.
 */
export function greatCircleKmSql(aLat: string, aLon: string, bLat: string, bLon: string) {
  return `2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(${aLat} - ${bLat}) / 2), 2)
    + cos(radians(${bLat})) * cos(radians(${aLat})) * power(sin(radians(${aLon} - ${bLon}) / 2), 2)
  )))`;
}
