import { Migration } from '@mikro-orm/migrations';

export class Migration20261122090000_matches extends Migration {
  override name = 'Migration20261122090000_matches';

  override up(): void | Promise<void> {
    this.addSql(`create table "match" (
      "id" serial primary key,
      "user_low_id" int not null references "app_user" ("id") on delete cascade,
      "user_high_id" int not null references "app_user" ("id") on delete cascade,
      "created_at" timestamptz not null,
      constraint "match_user_low_id_user_high_id_unique" unique ("user_low_id", "user_high_id"),
      constraint "match_pair_ordered" check ("user_low_id" < "user_high_id")
    );`);
    this.addSql(`create index "match_user_high_id_index" on "match" ("user_high_id");`);
    // The match search first keeps the collectors inside a box around me (see docs/decisions/005).
    this.addSql(
      `create index "app_user_location_index" on "app_user" using gist (point("longitude", "latitude"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "app_user_location_index";`);
    this.addSql(`drop table if exists "match";`);
  }
}
