import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042809_catalogue extends Migration {
  override name = 'Migration20261122042809_catalogue';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "album" ("id" serial primary key, "name" varchar(100) not null, "year" int not null, "position" int not null default 0, "next_slot" int not null default 0, "slot_capacity" int not null default 0, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "album_position_index" on "album" ("position", "id");`);

    this.addSql(
      `create table "sticker" ("id" serial primary key, "album_id" int not null, "number" varchar(20) not null, "name" varchar(200) not null default '', "team" varchar(100) null, "description" varchar(500) null, "slot" int not null);`,
    );
    this.addSql(
      `alter table "sticker" add constraint "sticker_album_id_number_unique" unique ("album_id", "number");`,
    );
    this.addSql(
      `alter table "sticker" add constraint "sticker_album_id_slot_unique" unique ("album_id", "slot");`,
    );
    this.addSql(
      `alter table "sticker" add constraint "sticker_album_id_foreign" foreign key ("album_id") references "album" ("id") on delete cascade;`,
    );

    // One row per collector and album: bit `slot` of `owned` is set when the collector has that sticker
    // (yes or double), the same bit of `doubles` when it is a double. Both are `slot_capacity` bits
    // long, so the match search can AND/XOR whole collections and count bits (see docs/decisions/004).
    this.addSql(`create table "collection" (
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "album_id" int not null references "album" ("id") on delete cascade,
      "owned" bit varying not null,
      "doubles" bit varying not null,
      "owned_count" int generated always as (bit_count("owned")) stored,
      "double_count" int generated always as (bit_count("doubles")) stored,
      "updated_at" timestamptz not null default now(),
      primary key ("user_id", "album_id"),
      constraint "collection_doubles_are_owned" check (length("owned") = length("doubles"))
    );`);
    this.addSql(`create index "collection_album_id_index" on "collection" ("album_id");`);

    this.addSql(
      `alter table "app_user" add constraint "app_user_album_selezionato_foreign" foreign key ("album_selezionato") references "album" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop constraint "app_user_album_selezionato_foreign";`);
    this.addSql(`drop table if exists "collection";`);
    this.addSql(`drop table if exists "sticker";`);
    this.addSql(`drop table if exists "album";`);
  }
}
