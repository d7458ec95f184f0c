import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A pseudonymous reference to an e-mail address (issue 47, row 3): the hex SHA-256 of the address as
 * stored (lower case). Written in SQL only, so the reference kept and the one checked are the same.
 */
export const emailHashSql = (email: string) => `encode(sha256(convert_to(lower(${email}), 'UTF8')), 'hex')`;

/** How long a deleted account's reference and evidence stay with an open report. */
export const REFERENCE_KEPT_DAYS = 90;

/**
 * Before an account becomes a tombstone: every open report about it keeps who it was — the nickname and
 * the e-mail's hash — for REFERENCE_KEPT_DAYS (the clean-up forgets them after, unless the report went
 * to the authorities), so deleting the account wipes nothing the admin is looking at.
 */
export async function keepReportedReference(tx: EntityManager, userId: number) {
  await tx.execute(
    `update report r set reported_nickname = u.nickname, reported_deleted_at = now(),
            reported_email_hash = case when u.email is null then null else ${emailHashSql('u.email')} end
       from app_user u
      where u.id = ? and r.reported_user_id = u.id and r.status <> 'risolto'`,
    [userId],
  );
}

/** The clean-up's part: references and evidence of deleted accounts past their days, but what went to the police. */
export async function forgetOldReferences(tx: EntityManager) {
  await tx.execute(
    `update report set reported_nickname = null, reported_email_hash = null, evidence = null
      where reported_deleted_at < now() - make_interval(days => ?) and forwarded_at is null
        and (reported_nickname is not null or evidence is not null)`,
    [REFERENCE_KEPT_DAYS],
  );
}

/** Whether an admin barred this address from signing up again ('Impedisci una nuova registrazione'). */
export async function isBarredEmail(em: EntityManager, email: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from signup_bar where email_hash = ${emailHashSql('?')}`, [email]);
  return rows.length > 0;
}
