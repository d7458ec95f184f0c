import { Migration } from '@mikro-orm/migrations';

export class Migration20261126090000_schema_definitions extends Migration {
  override name = 'Migration20261126090000_schema_definitions';

  override up(): void | Promise<void> {
    // The database's functions and triggers live in src/server/*/sql/ and are applied after the migrations
    // (docs/decisions/023): one row per file, with the hash of what was applied and what it defined, so
    // start-up re-applies only what changed and can drop what a file no longer defines.
    this.addSql(`create table "schema_definition" (
      "file" text primary key,
      "hash" text not null,
      "functions" text[] not null,
      "triggers" text[] not null,
      "applied_at" timestamptz not null default now()
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "schema_definition";`);
  }
}
