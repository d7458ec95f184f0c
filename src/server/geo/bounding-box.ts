/**
 * Kilometres per degree of latitude (and of longitude at the equator): a little under the true 111.195
 * km, so a box or a latitude band errs on the large side; the exact distance is checked after.
 */
export const KM_PER_DEGREE = 111.0;

/** The degrees of latitude that hold every point within `km` north or south. */
export const latitudeSpan = (km: number) => km / KM_PER_DEGREE;

/**
 * The box around a point that holds every point within `km` of it, as the corners
 * `[minLon, minLat, maxLon, maxLat]` of a PostgreSQL `box` (collection's gist index on
 * `point(longitude, latitude)`); the exact distance is checked after, on the few rows inside.
 */
export function boundingBox(lat: number, lon: number, km: number): [number, number, number, number] {
  const dLat = latitudeSpan(km);
  const dLon = km / (KM_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}
