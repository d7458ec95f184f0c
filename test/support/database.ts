import crypto from 'node:crypto';
import pg from 'pg';

export const TEMPLATE_DATABASE = 'scambio_template';

/** A new, migrated, empty database for one test file, copied from the template in a few milliseconds. */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await client.end();
  }
  return clusterUrl.replace(/\/postgres$/, `/${name}`);
}
