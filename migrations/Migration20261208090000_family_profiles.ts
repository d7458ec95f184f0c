import { Migration } from '@mikro-orm/migrations';

export class Migration20261208090000_family_profiles extends Migration {
  override name = 'Migration20261208090000_family_profiles';

  override up(): void | Promise<void> {
    // Issue 45, row 2: a child profile is an account of its own (albums, swaps, chats) with no password or
    // e-mail, run by the adult it belongs to. A tombstone names nobody, so deleting clears the link.
    this.addSql(`alter table "app_user" add column "parent_id" int null references "app_user" ("id");`);
    this.addSql(
      `create index "app_user_parent_id_index" on "app_user" ("parent_id") where "parent_id" is not null;`,
    );
    // The profile a parent's session acts as (null: the parent's own); the cookie names the same one.
    this.addSql(`alter table "user_session" add column "profile_id" int null references "app_user" ("id");`);
    this.addSql(
      `create index "user_session_profile_id_index" on "user_session" ("profile_id") where "profile_id" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user_session" drop column if exists "profile_id";`);
    this.addSql(`alter table "app_user" drop column if exists "parent_id";`);
  }
}
