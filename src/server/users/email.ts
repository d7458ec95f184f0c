import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { consumeToken, issueToken } from '../auth/account-tokens.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import type { Env } from '../env.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { appLink, requireMail, sendsMail } from '../mail/mail-sender.ts';
import type { RateLimits } from '../rate-limits.ts';
import { isBarredEmail } from '../reports/reported-reference.ts';

export const EMAIL_TAKEN_MESSAGE = 'Questa e-mail è già usata da un altro account';
export const INVALID_LINK_MESSAGE = 'Link non valido o scaduto';
export const TOO_MANY_MAILS_MESSAGE = 'Troppe richieste: riprova più tardi';

/** Verification mails one account may ask for in an hour (each new address or 'Invia di nuovo'). */
const VERIFICATIONS_PER_HOUR = 5;
/** 'Invia di nuovo' for the address last sent to waits this long: a mail takes a while to arrive. */
export const RESEND_AFTER_MINUTES = 10;
export const RESEND_TOO_SOON_MESSAGE = (minutes: number) =>
  `Ti abbiamo già inviato un link da poco: controlla anche la posta indesiderata, o chiedine un altro tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}`;

type MailEnv = Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;

/** What setting an address may send, and the limits on it: per account (here), per client and per address. */
export type EmailSender = {
  env: MailEnv;
  limits: Pick<RateLimits, 'verificationMailsPerIp' | 'verificationMailsPerRecipient'>;
  ip: string;
};

async function otherVerifiedOwner(em: EntityManager, userId: number, email: string) {
  const other = await em.findOne(User, { email, emailVerifiedAt: { $ne: null }, id: { $ne: userId } });
  return other;
}

/** This account's verification mails of the last hour, and how long ago the last one to `email` went. */
async function verificationsSent(em: EntityManager, userId: number, email: string) {
  const [row] = await em.execute<{ count: number; to_email_seconds_ago: number | null }[]>(
    `select count(*) filter (where created_at > now() - interval '1 hour')::int as count,
            extract(epoch from now() - max(created_at) filter (where email = ?))::int as to_email_seconds_ago
       from account_token where user_id = ? and purpose = 'verify_email'`,
    [email, userId],
  );
  return { lastHour: row?.count ?? 0, toEmailSecondsAgo: row?.to_email_seconds_ago ?? null };
}

/** 429 unless the account, the client and the recipient may have one more verification mail now. */
async function limitVerificationMails(tx: EntityManager, userId: number, email: string, sender: EmailSender) {
  const sent = await verificationsSent(tx, userId, email);
  const resendSeconds = RESEND_AFTER_MINUTES * 60;
  if (sent.toEmailSecondsAgo !== null && sent.toEmailSecondsAgo < resendSeconds) {
    const minutes = Math.ceil((resendSeconds - sent.toEmailSecondsAgo) / 60);
    throw new DomainError('TOO_MANY_REQUESTS', RESEND_TOO_SOON_MESSAGE(minutes));
  }
  const tooMany =
    sent.lastHour >= VERIFICATIONS_PER_HOUR ||
    (await sender.limits.verificationMailsPerIp.take(sender.ip)) !== undefined ||
    (await sender.limits.verificationMailsPerRecipient.take(email)) !== undefined;
  if (tooMany) throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_MAILS_MESSAGE);
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

/**
 * To the owner of a verified address someone else set on their account: no link, nothing to do. The other
 * account is not named, and the one who set it learns nothing (they are answered as for a fresh address).
 */
function addressClaimedNotice(ownerNickname: string, email: string) {
  return {
    to: email,
    subject: 'Il tuo indirizzo è stato indicato per un altro account',
    text: [
      `Ciao ${ownerNickname},`,
      '',
      'qualcuno ha indicato questo indirizzo e-mail per un altro account di Scambio Figurine.',
      "L'indirizzo resta del tuo account e non riceverà link per l'altro: non devi fare nulla.",
      '',
      "Se l'hai indicato tu, per usarlo con un altro account toglilo prima dal Profilo di questo.",
    ].join('\n'),
  };
}

/** To an address an admin barred after its account was deleted over a report: no link. */
function barredNotice(email: string) {
  return {
    to: email,
    subject: 'Questo indirizzo non può essere usato su Scambio Figurine',
    text: [
      'Ciao,',
      '',
      'qualcuno ha indicato questo indirizzo e-mail per un account di Scambio Figurine.',
      'Dopo una segnalazione, un amministratore ha deciso che non può essere usato per un nuovo account:',
      'non riceverà link di conferma.',
      '',
      'Se pensi che sia un errore, scrivi al punto di contatto indicato nella pagina Contatti del servizio.',
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
      "Se non l'hai fatto tu, accedi e cambia subito la password, o chiedi aiuto all'amministratore.",
    ].join('\n'),
  };
}

/**
 * Profilo → 'E-mail': sets the collector's address, unverified until the link mailed to it is opened
 * ('Invia di nuovo', the same address again, sends a new link after RESEND_AFTER_MINUTES). An empty address
 * removes it. An address another account has verified is answered exactly like a fresh one (its owner gets
 * a short notice instead of a link), so the form tells nobody whether an address has an account; only
 * verifying it is refused (verifyEmail). Mails are limited per account, client and recipient. The old
 * address, if it was verified, is told. All in one transaction with the mails' jobs.
 */
export async function setEmail(
  em: EntityManager,
  user: User,
  email: string,
  sender: EmailSender,
): Promise<User> {
  const { env } = sender;
  if (email !== '') requireMail(env);
  if (email === '' && user.email === null) return user;
  if (email === user.email && user.emailVerifiedAt) return user;
  const oldVerified = user.email && user.emailVerifiedAt ? user.email : undefined;
  await em.transactional(async (tx) => {
    // One change of an account's address at a time: the counts below hold for concurrent requests.
    await tx.execute('select id from app_user where id = ? for update', [user.id]);
    if (email !== '') {
      await limitVerificationMails(tx, user.id, email, sender);
      // A token either way: the same work, and 'Invia di nuovo' is timed alike for both.
      const token = await issueToken(tx, { userId: user.id, purpose: 'verify_email', email });
      const owner = await otherVerifiedOwner(tx, user.id, email);
      // An address an admin barred (issue 47, row 3) is answered alike too; only its owner reads why.
      const barred = await isBarredEmail(tx, email);
      await enqueueMail(
        tx,
        barred
          ? barredNotice(email)
          : owner
            ? addressClaimedNotice(owner.nickname, email)
            : verificationMail(env, user.nickname, email, token),
      );
    }
    if (oldVerified && oldVerified !== email && sendsMail(env)) {
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
      if (await isBarredEmail(tx, owner.email)) throw new DomainError('BAD_REQUEST', INVALID_LINK_MESSAGE);
      if (await otherVerifiedOwner(tx, user.id, owner.email))
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
