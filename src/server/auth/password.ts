import { hash, verify } from '@node-rs/argon2';

/**
 * How passwords are hashed. `owasp`: the OWASP Password Storage Cheat Sheet's argon2id, 19 MiB of memory,
 * 2 iterations, 1 lane, everywhere the app runs. `test`: argon2id at its smallest, for the test suite only
 * (PASSWORD_HASH_COST=test, refused unless NODE_ENV=test: env.ts), where a run hashes ~1,500 passwords and
 * each owasp hash costs 19 MiB and tens of milliseconds. A hash carries its own settings, so either kind
 * verifies whatever the current one. `algorithm: 2` is Algorithm.Argon2id, a const enum that type
 * stripping cannot read.
 */
export const PASSWORD_HASH_COSTS = {
  owasp: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

let cost: PasswordHashCost = 'owasp';
let decoyHash: Promise<string> | undefined;

/** The settings of every hash this process makes from now on (the server sets them at its start). */
export function setPasswordHashCost(name: PasswordHashCost) {
  if (name !== cost) decoyHash = undefined;
  cost = name;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_COSTS[cost]);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so a login for an unknown nickname does not reveal that. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoyHash, password);
  return false;
}
