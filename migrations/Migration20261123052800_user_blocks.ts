import { Migration } from '@mikro-orm/migrations';

export class Migration20261123052800_user_blocks extends Migration {
  override name = 'Migration20261123052800_user_blocks';

  override up(): void | Promise<void> {
    // Who blocked whom: a pair with a row either way cannot message, match or swap.
    this.addSql(`create table "user_block" (
      "blocker_id" int not null references "app_user" ("id") on delete cascade,
      "blocked_id" int not null references "app_user" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("blocker_id", "blocked_id"),
      check ("blocker_id" <> "blocked_id")
    );`);
    // The other direction's look-ups ("has anyone blocked me?") and the cascade by blocked user.
    this.addSql(`create index "user_block_blocked_id_index" on "user_block" ("blocked_id");`);
    // A collector's report about another collector names them; a deleted account leaves the report.
    this.addSql(
      `alter table "report" add column "reported_user_id" int null references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "report" drop column if exists "reported_user_id";`);
    this.addSql(`drop table if exists "user_block";`);
  }
}
