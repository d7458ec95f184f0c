/**
 * The great-circle distance in km between two points given as SQL expressions (column names or `?`),
 * by the haversine formula with the same Earth radius as `geo/cap-directory.ts`, so a distance shown
 * to a collector and a distance compared with a radius in SQL agree.
 */
export function greatCircleKmSql(aLat: string, aLon: string, bLat: string, bLon: string) {
  return `2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(${aLat} - ${bLat}) / 2), 2)
    + cos(radians(${bLat})) * cos(radians(${aLat})) * power(sin(radians(${aLon} - ${bLon}) / 2), 2)
  )))`;
}
