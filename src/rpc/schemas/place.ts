import { z } from '../zod.ts';

/**
 * Where another collector is, as every screen shows it: their comune's name (null when we do not know it,
 * an old profile with a shared CAP) and how far from me in whole km. Never their CAP: that is their own
 * (issue 43, docs/decisions/021-presence.md).
 */
export const placeFields = {
  comune: z.string().nullable(),
  /** Whole km between the two comuni's seats (shownDistanceKm): 0 only within one comune. */
  distanceKm: z.int().min(0),
  /**
   * Present for a minor (issue 45, row 6): no comune, and `distanceKm` is only the band's bound, read
   * 'entro 5 km', 'entro 10 km', 'entro 25 km' or 'entro 50 km'.
   */
  within: z.literal(true).optional(),
};
export const placeOutput = z.strictObject(placeFields);
export type Place = z.infer<typeof placeOutput>;

/** Closer than this is the same point (one comune's seat), whatever floating-point noise says. */
const SAME_POINT_KM = 0.01;

/**
 * A distance as others may read it: whole km, and a distance between two comuni under a kilometre is 1,
 * never 0 — 0 says 'the same comune'. The server answers only this, so no answer is more precise than
 * the screens; the search itself ranks by the exact distance (decision 005).
 */
export function shownDistanceKm(km: number): number {
  if (km < SAME_POINT_KM) return 0;
  return Math.max(1, Math.round(km));
}

/** The bands a minor's distance is shown in (issue 45, row 6). */
export const MINOR_DISTANCE_BANDS_KM = [5, 10, 25, 50] as const;

/** The band a distance falls in: its upper bound (past the last band, the next multiple of 50). */
export function distanceBandKm(km: number): number {
  return MINOR_DISTANCE_BANDS_KM.find((bound) => km <= bound) ?? Math.ceil(km / 50) * 50;
}
