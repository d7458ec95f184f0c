import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';

/** Resolved reports older than this are deleted by the clean-up. */
export const RESOLVED_REPORTS_KEPT_DAYS = 90;

/**
 * The clean-up: expired sessions, expired login-throttle counters and, once reports exist, resolved
 * reports older than RESOLVED_REPORTS_KEPT_DAYS. Returns what it removed.
 */
export async function runMaintenance(em: EntityManager) {
  return em.transactional(async (tx) => {
    const sessions = await tx.execute<QueryResult>(
      'delete from user_session where expires_at < now()',
      [],
      'run',
    );
    const throttles = await tx.execute<QueryResult>(
      'delete from rate_limit where expire is not null and expire < ?',
      [Date.now()],
      'run',
    );
    let reports = 0;
    const [table] = await tx.execute<{ name: string | null }[]>("select to_regclass('report')::text as name");
    if (table?.name) {
      const result = await tx.execute<QueryResult>(
        `delete from report where status = 'risolto' and updated_at < now() - make_interval(days => ?)`,
        [RESOLVED_REPORTS_KEPT_DAYS],
        'run',
      );
      reports = result.affectedRows;
    }
    await tx.execute('update app_settings set last_maintenance_at = now() where id = 1');
    return {
      sessionsRemoved: sessions.affectedRows,
      throttlesRemoved: throttles.affectedRows,
      reportsRemoved: reports,
    };
  });
}
