import fs from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import type { Env } from '../env.ts';

/** The server's identity towards the push services (RFC 8292): a P-256 key pair and a contact. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type VapidEnv = Pick<
  Env,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'dataDir'
>;

const keyFile = z.object({ publicKey: z.string().length(87), privateKey: z.string().length(43) });

/** MAIL_FROM's address as a mailto: subject (`Name <a@b>` or `a@b`). */
function mailtoOf(mailFrom: string) {
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * VAPID_* when set (production requires them: env.ts); otherwise a pair generated once into
 * DATA_DIR/vapid-keys.json (mode 600), so a development server's subscriptions survive its restarts.
 */
export async function loadVapidKeys(env: VapidEnv): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT ?? mailtoOf(env.MAIL_FROM);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(env.dataDir, 'vapid-keys.json');
  try {
    return { ...keyFile.parse(JSON.parse(await fs.readFile(file, 'utf8'))), subject };
  } catch {
    const { publicKey, privateKey } = webPush.generateVAPIDKeys();
    // `wx`: two servers starting on one data dir keep the first pair written.
    await fs
      .writeFile(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600, flag: 'wx' })
      .catch(() => undefined);
    return { ...keyFile.parse(JSON.parse(await fs.readFile(file, 'utf8'))), subject };
  }
}
