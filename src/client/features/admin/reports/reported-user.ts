import type { AdminReport } from './admin-report.ts';

/** The collector a report is about ('Segnala' in a chat), as the deactivation dialog needs them. */
export type ReportedUser = { id: number; username: string; active: boolean };

export function reportedUserOf(report: AdminReport): ReportedUser | null {
  if (report.reported_user_id === null || report.reported_username === null) return null;
  return {
    id: report.reported_user_id,
    username: report.reported_username,
    active: report.reported_user_active === true,
  };
}
