import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';
import { liftExpiredSuspensions } from '../auth/suspension.ts';
import { DomainError } from '../domain-error.ts';
import { cleanUpRaduni } from '../raduni/raduni-cleanup.ts';
import { forgetOldReferences } from '../reports/reported-reference.ts';
import { cleanUpSwaps } from '../swaps/swap-cleanup.ts';
import { readSettings } from './settings-store.ts';

export const MAINTENANCE_DISABLED_MESSAGE =
  'La manutenzione è disabilitata: cambia la modalità per eseguirla';

/** Handled reports ('inviato') untouched for this long are deleted by the clean-up. */
export const RESOLVED_REPORTS_KEPT_DAYS = 90;

/**
 * The clean-up: expired sessions, expired rate-limit counters and handled reports (status 'inviato')
 * untouched for RESOLVED_REPORTS_KEPT_DAYS, deleted accounts' references past their 90 days, suspensions
 * past their day; the swaps' part is swap-cleanup.ts, the meets' raduni-cleanup.ts. Returns what it removed.
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
    await forgetOldReferences(tx);
    await liftExpiredSuspensions(tx);
    await cleanUpSwaps(tx);
    await cleanUpRaduni(tx);
    await tx.execute('update app_settings set last_maintenance_at = now() where id = 1');
    return {
      sessionsRemoved: sessions.affectedRows,
      throttlesRemoved: throttles.affectedRows,
      reportsRemoved: reports.affectedRows,
    };
  });
}

/** The admin's 'Esegui manutenzione': refused while maintenance is disabled. */
export async function runMaintenanceOnDemand(em: EntityManager) {
  const settings = await readSettings(em);
  if (settings.maintenanceMode === 'disabilitato') {
    throw new DomainError('CONFLICT', MAINTENANCE_DISABLED_MESSAGE);
  }
  return runMaintenance(em);
}
