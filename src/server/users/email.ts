import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { consumeToken, issueToken } from '../auth/account-tokens.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import type { Env } from '../env.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { appLink, requireMail } from '../mail/mail-sender.ts';

export const EMAIL_TAKEN_MESSAGE = 'Questa e-mail è già usata da un altro account';
export const INVALID_LINK_MESSAGE = 'Link non valido o scaduto';
export const TOO_MANY_MAILS_MESSAGE = 'Troppe richieste: riprova più tardi';

/** Verification mails one account may ask for in an hour (each new address or 'Invia di nuovo'). */
const VERIFICATIONS_PER_HOUR = 5;

type MailEnv = Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;

async function takenByAnother(em: EntityManager, userId: number, email: string) {
  const other = await em.findOne(User, { email, emailVerifiedAt: { $ne: null }, id: { $ne: userId } });
  return other !== null;
}

async function verificationsLastHour(em: EntityManager, userId: number) {
  const [row] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from account_token
      where user_id = ? and purpose = 'verify_email' and created_at > now() - interval '1 hour'`,
    [userId],
  );
  return row?.count ?? 0;
}

function verificationMail(env: MailEnv, nickname: string, email: string, token: string) {
  const link = appLink(env, '/verifica-email', token);
  return {
    to: email,
    subject: 'Conferma il tuo indirizzo e-mail',
    text: [
      `Ciao ${nickname},`,
      '',
      'per confermare questo indirizzo per il tuo account di Scambio Figurine apri questo link (vale 24 ore):',
      '',
      link,
      '',
      'Se non hai chiesto tu di usare questo indirizzo, ignora questa e-mail.',
    ].join('\n'),
  };
}

function changedNotice(nickname: string, oldEmail: string, removed: boolean) {
  return {
    to: oldEmail,
    subject: "L'e-mail del tuo account è cambiata",
    text: [
      `Ciao ${nickname},`,
      '',
      removed
        ? "l'indirizzo e-mail del tuo account di Scambio Figurine è stato tolto."
        : "l'indirizzo e-mail del tuo account di Scambio Figurine è stato cambiato con un altro.",
      'Questo indirizzo non riceverà più i messaggi dell’account, né i link per reimpostare la password.',
      '',
      "Se non sei stato tu, accedi e cambia subito la password, o chiedi aiuto all'amministratore.",
    ].join('\n'),
  };
}

/**
 * Profilo → 'E-mail': sets the collector's address, unverified until the link mailed to it is opened
 * (the same address again, still unverified: the link is sent again). An empty address removes it. The
 * old address, if it was verified, is told. All in one transaction with the mails' jobs.
 */
export async function setEmail(em: EntityManager, user: User, email: string, env: MailEnv): Promise<User> {
  if (email !== '') requireMail(env);
  if (email === '' && user.email === null) return user;
  if (email === user.email && user.emailVerifiedAt) return user;
  if (email !== '' && (await takenByAnother(em, user.id, email))) {
    throw new DomainError('CONFLICT', EMAIL_TAKEN_MESSAGE);
  }
  const oldVerified = user.email && user.emailVerifiedAt ? user.email : undefined;
  await em.transactional(async (tx) => {
    // One change of an account's address at a time: the count below holds for concurrent requests.
    await tx.execute('select id from app_user where id = ? for update', [user.id]);
    if (email !== '') {
      if ((await verificationsLastHour(tx, user.id)) >= VERIFICATIONS_PER_HOUR) {
        throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_MAILS_MESSAGE);
      }
      const token = await issueToken(tx, { userId: user.id, purpose: 'verify_email', email });
      await enqueueMail(tx, verificationMail(env, user.nickname, email, token));
    }
    if (oldVerified && oldVerified !== email && (env.SMTP_URL || env.NODE_ENV !== 'production')) {
      await enqueueMail(tx, changedNotice(user.nickname, oldVerified, email === ''));
    }
    await tx.nativeUpdate(User, { id: user.id }, { email: email || null, emailVerifiedAt: null });
  });
  Object.assign(user, { email: email || null, emailVerifiedAt: null });
  return user;
}

/**
 * The verification link: its token (single use, 24 h) confirms the address it was sent to, if that is
 * still the account's. Whoever opens it needs no session (the link may be opened on another device).
 */
export async function verifyEmail(em: EntityManager, token: string): Promise<void> {
  try {
    await em.transactional(async (tx) => {
      const owner = await consumeToken(tx, 'verify_email', token);
      const user = owner && (await tx.findOne(User, owner.userId));
      if (!owner || !user || !owner.email || user.email !== owner.email) {
        throw new DomainError('BAD_REQUEST', INVALID_LINK_MESSAGE);
      }
      if (await takenByAnother(tx, user.id, owner.email))
        throw new DomainError('CONFLICT', EMAIL_TAKEN_MESSAGE);
      await tx.nativeUpdate(User, { id: user.id }, { emailVerifiedAt: new Date() });
    });
  } catch (error) {
    // Two accounts confirming one address at once: the unique index lets one of them have it.
    if (error instanceof UniqueConstraintViolationException)
      throw new DomainError('CONFLICT', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}
