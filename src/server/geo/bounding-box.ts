/** Kilometres per degree of latitude (and of longitude at the equator), a touch generous. */
const KM_PER_DEGREE = 111.0;

/**
 * The box around a point that holds every point within `km` of it, as the corners
 * `[minLon, minLat, maxLon, maxLat]` of a PostgreSQL `box` (collection's gist index on
 * `point(longitude, latitude)`); the exact distance is checked after, on the few rows inside.
 */
export function boundingBox(lat: number, lon: number, km: number): [number, number, number, number] {
  const dLat = km / KM_PER_DEGREE;
  const dLon = km / (KM_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}
