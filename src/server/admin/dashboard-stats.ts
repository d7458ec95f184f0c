import type { EntityManager } from '@mikro-orm/postgresql';

/** The dashboard's three cards. pendingReports counts reports still 'nuovo' once reports exist. */
export async function dashboardStats(em: EntityManager) {
  const [row] = await em.execute<{ users: string; albums: string; report_table: string | null }[]>(
    `select (select count(*) from app_user where not is_admin) as users,
            (select count(*) from album) as albums,
            to_regclass('report')::text as report_table`,
  );
  let pendingReports = 0;
  if (row?.report_table) {
    const [reports] = await em.execute<{ count: string }[]>(
      "select count(*) as count from report where status = 'nuovo'",
    );
    pendingReports = Number(reports?.count ?? 0);
  }
  return { totalUsers: Number(row?.users ?? 0), activeAlbums: Number(row?.albums ?? 0), pendingReports };
}
