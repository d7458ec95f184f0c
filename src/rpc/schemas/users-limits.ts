/**
 * The limits of a collector's fields, apart from their zod schemas (users.ts) so the login screen's first
 * download can use them without zod.
 */
export const NICKNAME_MAX = 8;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const RADIUS_KM = { min: 1, max: 50, default: 10 } as const;
