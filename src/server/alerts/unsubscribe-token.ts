import crypto from 'node:crypto';
import { ALERT_KINDS, type AlertKind } from '../../rpc/schemas/alerts.ts';

/** The key of the unsubscribe links, derived from the session secret: nothing more to configure or rotate. */
const keyOf = (secret: string) => crypto.createHmac('sha256', secret).update('alert-unsubscribe').digest();

const macOf = (secret: string, body: string) =>
  crypto.createHmac('sha256', keyOf(secret)).update(body).digest('base64url').slice(0, 32);

/**
 * The token of an e-mail's one-click unsubscribe link: who and which kind, signed. It never expires, so
 * the link of an old mail still works; it can do nothing but turn that kind's e-mails off.
 */
export function unsubscribeToken(secret: string, userId: number, kind: AlertKind): string {
  const body = `${userId}.${kind}`;
  return `${body}.${macOf(secret, body)}`;
}

/** The collector and kind a genuine token names; undefined for anything else. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: AlertKind } | undefined {
  const match = /^(\d{1,10})\.([a-z]{1,20})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const [, id, kind, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(secret, `${id}.${kind}`));
  if (!crypto.timingSafeEqual(expected, Buffer.from(mac))) return undefined;
  if (!(ALERT_KINDS as readonly string[]).includes(kind)) return undefined;
  return { userId: Number(id), kind: kind as AlertKind };
}
