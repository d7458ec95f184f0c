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
