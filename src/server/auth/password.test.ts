import { afterEach, expect, test } from 'vitest';
import { hashPassword, setPasswordHashCost, verifyAgainstDecoy, verifyPassword } from './password.ts';

afterEach(() => setPasswordHashCost('owasp'));

test("the production hash is OWASP's argon2id (19 MiB, 2 passes, 1 lane) and verifies only its password", async () => {
  const hash = await hashPassword('segreto-1');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await verifyPassword(hash, 'segreto-1')).toBe(true);
  expect(await verifyPassword(hash, 'segreto-2')).toBe(false);
  expect(await verifyPassword('not-a-hash', 'segreto-1')).toBe(false);
  expect(await verifyAgainstDecoy('segreto-1')).toBe(false);
});

test("the tests' hash is argon2id at its smallest, and a hash of either kind verifies under the other", async () => {
  const owasp = await hashPassword('segreto-1');
  setPasswordHashCost('test');
  const cheap = await hashPassword('segreto-1');
  expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  expect(await verifyPassword(owasp, 'segreto-1')).toBe(true);
  expect(await verifyPassword(cheap, 'segreto-1')).toBe(true);
  expect(await verifyAgainstDecoy('segreto-1')).toBe(false);
  setPasswordHashCost('owasp');
  expect(await verifyPassword(cheap, 'segreto-1')).toBe(true);
  expect(await verifyPassword(cheap, 'segreto-2')).toBe(false);
});
