import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createTestDatabase } from '../../../test/support/database.ts';
import { applyDefinitions, DEFINITION_FILES, definedIn, readDefinitions } from './definitions.ts';
import { openDatabase } from './orm.ts';

// Functions and triggers are defined in src/server/*/sql/ and applied after the migrations
// (docs/decisions/023). A database from before (its schema recorded in test/fixtures) and a fresh one
// must end with the same definitions, and nothing but what the files define.

const clusterUrl = inject('clusterUrl');
const clients: pg.Client[] = [];

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

/** An empty database, not even migrated. */
async function emptyDatabase() {
  const name = `empty_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await connect(clusterUrl);
  await admin.query(`create database ${name}`);
  return clusterUrl.replace(/\/postgres$/, `/${name}`);
}

/** Every function of schema public and every trigger not made by a constraint, as PostgreSQL prints them. */
async function definitionsOf(client: pg.Client) {
  const { rows: functions } = await client.query<{ name: string; definition: string }>(
    `select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
       from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`,
  );
  const { rows: triggers } = await client.query<{ name: string; definition: string }>(
    `select t.tgname || ' on ' || t.tgrelid::regclass::text as name, pg_get_triggerdef(t.oid) as definition
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1`,
  );
  return { functions, triggers };
}

let fresh: pg.Client;
beforeAll(async () => {
  fresh = await connect(await createTestDatabase(clusterUrl));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

test('a database migrated before the definitions moved ends with the same functions and triggers as a fresh one', async () => {
  const url = await emptyDatabase();
  const before = await connect(url);
  await before.query(
    await fs.readFile(
      new URL('../../../test/fixtures/schema-before-definitions.sql', import.meta.url),
      'utf8',
    ),
  );
  // The old tap_sticker and the trigger bodies of the migrations are there.
  expect((await definitionsOf(before)).functions.map((f) => f.name)).toContain(
    'tap_sticker(text,integer,timestamp with time zone,integer,text,integer,double precision,integer)',
  );
  const orm = await openDatabase(url);
  await orm.close();
  const migrated = await definitionsOf(before);
  expect(migrated.functions.map((f) => f.name)).toEqual(
    (await definitionsOf(fresh)).functions.map((f) => f.name),
  );
  expect(migrated).toEqual(await definitionsOf(fresh));
});

test('the database holds no function or trigger that no definition file defines, and every file is listed', async () => {
  const defined = (await readDefinitions()).map((definition) => definedIn(definition.sql));
  const { functions, triggers } = await definitionsOf(fresh);
  expect(functions.map((f) => f.name.replace(/\(.*$/, '')).sort()).toEqual(
    defined.flatMap((file) => file.functions).sort(),
  );
  expect(triggers.map((t) => t.name).sort()).toEqual(defined.flatMap((file) => file.triggers).sort());

  const files: string[] = [];
  for await (const file of fs.glob('*/sql/*.sql', { cwd: new URL('..', import.meta.url) })) files.push(file);
  expect(files.sort()).toEqual([...DEFINITION_FILES].sort());
});

test('only what changed is applied again; a file no longer listed has its definitions dropped', async () => {
  const client = await connect(await createTestDatabase(clusterUrl));
  expect(await applyDefinitions(client)).toEqual([]);
  const before = await definitionsOf(client);

  await client.query(
    `update schema_definition set hash = 'old' where file = 'matches/sql/sticker-changed.sql'`,
  );
  expect(await applyDefinitions(client)).toEqual(['matches/sql/sticker-changed.sql']);
  expect(await definitionsOf(client)).toEqual(before);

  await client.query(`insert into schema_definition (file, hash, functions, triggers)
                      values ('gone/sql/gone.sql', 'x', '{gone_function}', '{gone_trigger on album}')`);
  await client.query(
    `create function gone_function() returns trigger language plpgsql as $$ begin return null; end $$`,
  );
  await client.query(`create trigger gone_trigger after insert on album execute function gone_function()`);
  expect(await applyDefinitions(client)).toEqual([]);
  expect(await definitionsOf(client)).toEqual(before);
});

test('a file moved to another folder is applied under its new path, its old row gone (decision 044)', async () => {
  const client = await connect(await createTestDatabase(clusterUrl));
  const before = await definitionsOf(client);
  // A database last migrated before the LISTEN/NOTIFY folder was renamed from notifications/ to db-events/.
  const moved = 'db-events/sql/collection-changed-payload.sql';
  await client.query(
    `update schema_definition set file = 'notifications/sql/collection-changed-payload.sql', hash = 'old'
      where file = $1`,
    [moved],
  );
  expect(await applyDefinitions(client)).toEqual([moved]);
  expect(await definitionsOf(client)).toEqual(before);
  const { rows } = await client.query<{ file: string }>('select file from schema_definition order by file');
  expect(rows.map((row) => row.file)).toEqual([...DEFINITION_FILES].sort());
  // The triggers that call the function it defines still notify.
  await client.query('listen collection_changed');
  const heard = new Promise<string | undefined>((resolve) =>
    client.once('notification', (message) => resolve(message.payload)),
  );
  const { rows: albums } = await client.query<{ id: number }>(
    `insert into album (name, year, created_at) values ('Spostato', 2026, now()) returning id`,
  );
  await client.query(`insert into sticker (album_id, number, slot) values ($1, '1', 0)`, [albums[0]?.id]);
  expect(await heard).toBe(`${albums[0]?.id}:#`);
});

test('two servers starting together on a new database migrate it once, one after the other', async () => {
  const url = await emptyDatabase();
  const orms = await Promise.all([openDatabase(url), openDatabase(url)]);
  await Promise.all(orms.map((orm) => orm.close()));
  const client = await connect(url);
  expect(await definitionsOf(client)).toEqual(await definitionsOf(fresh));
});
