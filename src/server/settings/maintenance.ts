import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';

/** Handled reports ('inviato') untouched for this long are deleted by the clean-up. */
export const RESOLVED_REPORTS_KEPT_DAYS = 90;

/**
 * The clean-up: expired sessions, expired rate-limit counters and handled reports (status 'inviato')
 * untouched for RESOLVED_REPORTS_KEPT_DAYS. Returns what it removed.
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
    const reports = await tx.execute<QueryResult>(
      `delete from report where status = 'inviato' and updated_at < now() - make_interval(days => ?)`,
      [RESOLVED_REPORTS_KEPT_DAYS],
      'run',
    );
    await tx.execute('update app_settings set last_maintenance_at = now() where id = 1');
    return {
      sessionsRemoved: sessions.affectedRows,
      throttlesRemoved: throttles.affectedRows,
      reportsRemoved: reports.affectedRows,
    };
  });
}
