import crypto from 'node:crypto';
import fs from 'node:fs/promises';

/** A random secret kept in a file of the data dir (mode 600), created on first use. */
export async function readOrCreateSecret(file: string, bytes = 32): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = crypto.randomBytes(bytes).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
