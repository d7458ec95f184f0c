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
    // The match search reads collections alone: each carries its collector's place and whether they are
    // active (copies kept in step with app_user), so a box around me is one index scan
    // (docs/decisions/005).
    this.addSql(`alter table "collection"
      add column "latitude" double precision not null default 0,
      add column "longitude" double precision not null default 0,
      add column "active" boolean not null default true;`);
    this.addSql(`update "collection" c set "latitude" = u."latitude", "longitude" = u."longitude", "active" = u."is_active"
      from "app_user" u where u."id" = c."user_id";`);
    this.addSql(
      `alter table "collection" alter column "latitude" drop default, alter column "longitude" drop default;`,
    );
    // The copies follow app_user by a trigger: src/server/matches/sql/collection-follow-user.sql.
    this.addSql(`create index "collection_location_index" on "collection" using gist (point("longitude", "latitude"))
      where "double_count" > 0 and "active";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "collection_location_index";`);
    this.addSql(
      `alter table "collection" drop column "latitude", drop column "longitude", drop column "active";`,
    );
    this.addSql(`drop table if exists "match";`);
  }
}
