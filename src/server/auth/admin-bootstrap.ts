import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TERMS_VERSION } from '../../rpc/schemas/terms.ts';
import { User } from '../db/entities/user.ts';
import { locateCap } from '../geo/cap-location.ts';
import { OPERATOR_BIRTH } from './age-band.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endUserSessions } from './sessions.ts';

const DEFAULT_ADMIN_NICKNAME = 'ADMIN';
const ADMIN_CAP = '00184';
const FAR_FUTURE = new Date('2999-12-31T00:00:00Z');

type Configured = { nickname: string; password: string } | undefined;
/** Tells the operator a generated administrator's nickname and password, the one time they exist. */
type HandOver = (nickname: string, password: string) => Promise<void>;

/** Held while an instance makes sure of its administrator: instances starting together take turns. */
const ADMIN_LOCK = 72_410_025;

/**
 * Makes sure an administrator exists: the configured one (created, or promoted and given that password),
 * or, with none configured and no admin in the database, a new one whose password is handed over once.
 * Under a transaction's advisory lock, so instances starting together on an empty database create one
 * administrator, not one each (or a failed start for all but one).
 */
export async function ensureAdmin(em: EntityManager, configured: Configured, handOver: HandOver) {
  await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [ADMIN_LOCK]);
    await ensureAdminNow(tx, configured, handOver);
  });
}

async function ensureAdminNow(em: EntityManager, configured: Configured, handOver: HandOver) {
  if (configured) {
    const existing = await em.findOne(
      User,
      { nickname: configured.nickname },
      { populate: ['passwordHash'] },
    );
    if (!existing) return createAdmin(em, configured.nickname, await hashPassword(configured.password));
    const passwordChanged = !(await verifyPassword(existing.passwordHash, configured.password));
    Object.assign(existing, { isAdmin: true, isActive: true });
    if (passwordChanged) existing.passwordHash = await hashPassword(configured.password);
    await em.flush();
    if (passwordChanged) await endUserSessions(em, existing.id);
    return;
  }
  if ((await em.count(User, { isAdmin: true })) > 0) return;
  const nickname = await freeNickname(em);
  const password = crypto.randomBytes(12).toString('base64url');
  await createAdmin(em, nickname, await hashPassword(password));
  await handOver(nickname, password);
}

/**
 * How a generated password reaches the operator: in the log in development; in production, where logs
 * are collected and kept, in a file only the app's user may read (`DATA_DIR/admin-password`), which the
 * log names.
 */
export function generatedAdminHandOver(
  options: { production: boolean; dataDir: string },
  print: (line: string) => void,
): HandOver {
  return async (nickname, password) => {
    if (!options.production) {
      print(`Created the administrator ${nickname} with password ${password} (shown only this once).`);
      return;
    }
    const file = path.join(options.dataDir, 'admin-password');
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    await fs.chmod(file, 0o600); // a file left from an earlier database keeps its mode on writeFile
    print(
      `Created the administrator ${nickname}; its password is in ${file} (mode 600): delete it once read.`,
    );
  };
}

async function createAdmin(em: EntityManager, nickname: string, passwordHash: string) {
  em.create(User, {
    nickname,
    passwordHash,
    cap: ADMIN_CAP,
    ...locateCap(ADMIN_CAP),
    isAdmin: true,
    isPremium: true,
    trialEndsAt: FAR_FUTURE,
    ...OPERATOR_BIRTH,
    // The operator's own account: they publish the Termini.
    termsVersion: TERMS_VERSION,
    termsAcceptedAt: new Date(),
  });
  await em.flush();
}

async function freeNickname(em: EntityManager): Promise<string> {
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? DEFAULT_ADMIN_NICKNAME : `${DEFAULT_ADMIN_NICKNAME}${suffix}`;
    if ((await em.count(User, { nickname: candidate })) === 0) return candidate;
  }
}
