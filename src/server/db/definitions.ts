import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type pg from 'pg';

/**
 * Every function and trigger of the database, one file each next to its TypeScript caller, in the order
 * they are applied (docs/decisions/023). Paths are under src/server/. A trigger lives in the file of its
 * function. Migrations change tables only.
 */
export const DEFINITION_FILES = [
  'db-events/sql/collection-changed-payload.sql',
  'collection/sql/reserved-bitmap.sql',
  'collection/sql/collection-reserved-fits.sql',
  'collection/sql/mark-stickers.sql',
  'collection/sql/tap-sticker.sql',
  'collection/sql/tap-stickers.sql',
  'matches/sql/collection-follow-user.sql',
  'matches/sql/collection-changed.sql',
  'matches/sql/sticker-changed.sql',
];

const serverDir = new URL('../', import.meta.url);

/** A definition file as written, what it defines, and its hash. */
export type Definition = { file: string; sql: string; hash: string; functions: string[]; triggers: string[] };

/** The functions (by name) and triggers (`name on table`) a file creates. */
export function definedIn(sql: string) {
  const functions = [...sql.matchAll(/^create function (\w+)\(/gim)].map((match) => match[1] as string);
  const triggers = [...sql.matchAll(/^create trigger (\w+)\b[\s\S]*?\bon (\w+)/gim)].map(
    (match) => `${match[1]} on ${match[2]}`,
  );
  return { functions, triggers };
}

export async function readDefinitions(): Promise<Definition[]> {
  return Promise.all(
    DEFINITION_FILES.map(async (file) => {
      const sql = await fs.readFile(new URL(file, serverDir), 'utf8');
      const hash = crypto.createHash('sha256').update(sql).digest('hex');
      return { file, sql, hash, ...definedIn(sql) };
    }),
  );
}

type Applied = { file: string; hash: string; functions: string[]; triggers: string[] };

/**
 * Brings the database's functions and triggers to the files', in one transaction: a file whose hash differs
 * from the one recorded (or not recorded yet) has what it defined before and defines now dropped (every
 * overload of its functions: a changed signature or return type leaves nothing behind) and is applied
 * again; a file no longer listed has what it defined dropped. Drops come first, then the files in order, so
 * a function moving between files is never dropped after it was created. Returns the files applied. Run it
 * under the schema lock (orm.ts), after the migrations.
 */
export async function applyDefinitions(client: pg.ClientBase): Promise<string[]> {
  const definitions = await readDefinitions();
  await client.query('begin');
  try {
    const { rows } = await client.query<Applied>(
      'select file, hash, functions, triggers from schema_definition',
    );
    const applied = new Map(rows.map((row) => [row.file, row]));
    const changed = definitions.filter(
      (definition) => applied.get(definition.file)?.hash !== definition.hash,
    );
    const gone = rows.filter((row) => !DEFINITION_FILES.includes(row.file));
    const dropped = [...changed.flatMap((definition) => [definition, applied.get(definition.file)]), ...gone];
    for (const trigger of new Set(dropped.flatMap((entry) => entry?.triggers ?? []))) {
      const [name, table] = trigger.split(' on ');
      await client.query(`drop trigger if exists ${name} on ${table}`);
    }
    const functions = [...new Set(dropped.flatMap((entry) => entry?.functions ?? []))];
    const { rows: overloads } = await client.query<{ signature: string }>(
      `select oid::regprocedure::text as signature from pg_proc
        where pronamespace = 'public'::regnamespace and proname = any($1)`,
      [functions],
    );
    for (const { signature } of overloads) await client.query(`drop function ${signature}`);
    for (const definition of changed) {
      await client.query(definition.sql);
      await client.query(
        `insert into schema_definition (file, hash, functions, triggers) values ($1, $2, $3, $4)
         on conflict (file) do update set hash = excluded.hash, functions = excluded.functions,
                                          triggers = excluded.triggers, applied_at = now()`,
        [definition.file, definition.hash, definition.functions, definition.triggers],
      );
    }
    await client.query('delete from schema_definition where file = any($1)', [gone.map((row) => row.file)]);
    await client.query('commit');
    return changed.map((definition) => definition.file);
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
