import { Migration } from '@mikro-orm/migrations';

export class Migration20261209090000_raduni extends Migration {
  override name = 'Migration20261209090000_raduni';

  override up(): void | Promise<void> {
    // Issue 46: meets at a verified Punto Scambio, announced by an admin or by an organiser an admin has
    // verified for that place; who goes, whether they share their lists, and at which table.
    this.addSql(`create table "swap_point_organiser" (
      "swap_point_id" int not null references "swap_point" ("id") on delete cascade,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("swap_point_id", "user_id")
    );`);
    this.addSql(`create index "swap_point_organiser_user_id_index" on "swap_point_organiser" ("user_id");`);
    this.addSql(`create table "raduno" (
      "id" serial primary key,
      "swap_point_id" int not null references "swap_point" ("id") on delete restrict,
      "title" varchar(80) not null,
      "kind" text not null check ("kind" in ('apertura', 'raduno', 'evento')),
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "tables" int null check ("tables" between 1 and 500),
      "created_by_id" int null references "app_user" ("id") on delete set null,
      "cancelled_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "raduno_time_check" check ("starts_at" < "ends_at")
    );`);
    this.addSql(`create index "raduno_coming_index" on "raduno" ("ends_at") where "cancelled_at" is null;`);
    this.addSql(`create index "raduno_swap_point_id_index" on "raduno" ("swap_point_id");`);
    this.addSql(`create index "raduno_created_by_id_index" on "raduno" ("created_by_id");`);
    this.addSql(`create table "raduno_album" (
      "raduno_id" int not null references "raduno" ("id") on delete cascade,
      "album_id" int not null references "album" ("id") on delete cascade,
      primary key ("raduno_id", "album_id")
    );`);
    this.addSql(`create index "raduno_album_album_id_index" on "raduno_album" ("album_id");`);
    this.addSql(`create table "raduno_participant" (
      "raduno_id" int not null references "raduno" ("id") on delete cascade,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "shares" boolean not null,
      "table_label" varchar(20) not null default '',
      "created_at" timestamptz not null default now(),
      primary key ("raduno_id", "user_id")
    );`);
    this.addSql(`create index "raduno_participant_user_id_index" on "raduno_participant" ("user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "raduno_participant";`);
    this.addSql(`drop table if exists "raduno_album";`);
    this.addSql(`drop table if exists "raduno";`);
    this.addSql(`drop table if exists "swap_point_organiser";`);
  }
}
