import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000_demo_collectors extends Migration {
  override name = 'Migration20261126100000_demo_collectors';

  override up(): void | Promise<void> {
    // Demo collectors (SEED_DEMO, docs/decisions/028): they cannot log in, admins see them marked, and
    // `npm run demo:remove` deletes them all.
    this.addSql(`alter table "app_user" add column "is_demo" boolean not null default false;`);
    this.addSql(`create index "app_user_is_demo_index" on "app_user" ("id") where "is_demo";`);
    // When the demo collectors were added: they are added once per database, never again after removal.
    this.addSql(`alter table "app_settings" add column "demo_collectors_seeded_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_settings" drop column if exists "demo_collectors_seeded_at";`);
    this.addSql(`drop index if exists "app_user_is_demo_index";`);
    this.addSql(`alter table "app_user" drop column if exists "is_demo";`);
  }
}
