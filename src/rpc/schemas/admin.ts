import { z } from '../zod.ts';

/** The admin dashboard's three cards. */
export const dashboardStatsOutput = z.strictObject({
  totalUsers: z.number().int(),
  activeAlbums: z.number().int(),
  pendingReports: z.number().int(),
});
