import type { EntityManager } from '@mikro-orm/postgresql';

/** The dashboard's three cards: accounts (as Gestione Utenti counts them), albums, reports still 'nuovo'. */
export async function dashboardStats(em: EntityManager) {
  const [row] = await em.execute<{ users: string; albums: string; reports: string }[]>(
    `select (select count(*) from app_user where deleted_at is null) as users,
            (select count(*) from album) as albums,
            (select count(*) from report where status = 'nuovo') as reports`,
  );
  return {
    totalUsers: Number(row?.users ?? 0),
    activeAlbums: Number(row?.albums ?? 0),
    pendingReports: Number(row?.reports ?? 0),
  };
}
