import { Migration } from '@mikro-orm/migrations';

export class Migration20261205090000_swap_points extends Migration {
  override name = 'Migration20261205090000_swap_points';

  override up(): void | Promise<void> {
    // Issue 45, row 9: public places where collectors meet to swap. Located by their CAP (and comune) like a
    // collector; a collector's suggestion is 'proposto' until an admin verifies it.
    this.addSql(`create table "swap_point" (
      "id" serial primary key,
      "name" varchar(80) not null,
      "kind" text not null check ("kind" in ('edicola', 'cartolibreria', 'biblioteca', 'oratorio', 'negozio', 'piazza')),
      "address" varchar(120) not null,
      "cap" varchar(5) not null,
      "comune" varchar(6) not null,
      "latitude" double precision not null,
      "longitude" double precision not null,
      "opening_hours" jsonb not null default '[]',
      "note" varchar(300) not null default '',
      "state" text not null default 'proposto' check ("state" in ('proposto', 'verificato', 'chiuso')),
      "suggested_by_id" int null references "app_user" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create index "swap_point_verified_index" on "swap_point" ("latitude", "longitude") where "state" = 'verificato';`,
    );
    this.addSql(`create index "swap_point_suggested_by_id_index" on "swap_point" ("suggested_by_id");`);
    // Row 4: where and when a swap's two collectors meet (required between an adult and a minor).
    this.addSql(`alter table "swap"
      add column "swap_point_id" int null references "swap_point" ("id") on delete restrict,
      add column "slot_start" timestamptz null,
      add column "slot_end" timestamptz null,
      add constraint "swap_slot_check" check (("swap_point_id" is null) = ("slot_start" is null)
        and ("slot_start" is null) = ("slot_end" is null) and ("slot_start" is null or "slot_start" < "slot_end"));`);
    this.addSql(`create index "swap_swap_point_id_index" on "swap" ("swap_point_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "swap" drop column if exists "swap_point_id", drop column if exists "slot_start",
      drop column if exists "slot_end";`);
    this.addSql(`drop table if exists "swap_point";`);
  }
}
