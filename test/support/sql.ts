import pg from 'pg';

/** One SQL statement on a test database (`$1`-style parameters): for setting up what no API offers. */
export async function sql<Row = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}
