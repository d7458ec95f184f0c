import { Migration } from '@mikro-orm/migrations';

export class Migration20261123053000_swaps extends Migration {
  override name = 'Migration20261123053000_swaps';

  override up(): void | Promise<void> {
    // A double's spare copies beyond the first (docs/decisions/015): no row means one spare.
    this.addSql(`create table "sticker_spare" (
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "sticker_id" int not null references "sticker" ("id") on delete cascade,
      "spares" smallint not null check ("spares" between 2 and 99),
      primary key ("user_id", "sticker_id")
    );`);
    this.addSql(`create index "sticker_spare_sticker_id_index" on "sticker_spare" ("sticker_id");`);

    // Swaps: `give` items go from the proposer to the recipient, the others back (giver_id says who
    // gives each). A proposal reserves nothing; an accepted swap reserves every item of its givers.
    this.addSql(`create table "swap" (
      "id" serial primary key,
      "from_user_id" int not null references "app_user" ("id") on delete cascade,
      "to_user_id" int not null references "app_user" ("id") on delete cascade,
      "album_id" int not null references "album" ("id") on delete cascade,
      "status" text not null check ("status" in ('proposto', 'accettato', 'rifiutato', 'annullato', 'completato')),
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "updated_at" timestamptz not null default now(),
      "from_confirmed" boolean not null default false,
      "to_confirmed" boolean not null default false,
      check ("from_user_id" <> "to_user_id")
    );`);
    this.addSql(`create index "swap_from_user_id_index" on "swap" ("from_user_id", "id");`);
    this.addSql(`create index "swap_to_user_id_index" on "swap" ("to_user_id", "id");`);
    this.addSql(`create index "swap_album_id_index" on "swap" ("album_id");`);
    this.addSql(`create table "swap_item" (
      "swap_id" int not null references "swap" ("id") on delete cascade,
      "sticker_id" int not null references "sticker" ("id") on delete cascade,
      "giver_id" int not null references "app_user" ("id") on delete cascade,
      primary key ("swap_id", "sticker_id")
    );`);
    this.addSql(`create index "swap_item_sticker_id_index" on "swap_item" ("sticker_id");`);
    this.addSql(`create index "swap_item_giver_id_index" on "swap_item" ("giver_id");`);
    this.addSql(`create table "swap_rating" (
      "swap_id" int not null references "swap" ("id") on delete cascade,
      "rater_id" int not null references "app_user" ("id") on delete cascade,
      "rated_id" int not null references "app_user" ("id") on delete cascade,
      "stars" smallint not null check ("stars" between 1 and 5),
      "comment" text null,
      "created_at" timestamptz not null default now(),
      primary key ("swap_id", "rater_id")
    );`);
    this.addSql(`create index "swap_rating_rated_id_index" on "swap_rating" ("rated_id");`);

    // Bit `slot` of `reserved` is set when accepted swaps hold every spare of that double: the match
    // search gives only `doubles & ~reserved`. A trigger keeps it as long as `owned` (new rows, albums
    // that grow): src/server/collection/sql/collection-reserved-fits.sql.
    this.addSql(`alter table "collection" add column "reserved" bit varying null;`);
    this.addSql(`update "collection" set "reserved" = repeat('0', length("owned"))::varbit;`);
    this.addSql(`alter table "collection" alter column "reserved" set not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "collection" drop column if exists "reserved";`);
    this.addSql(`drop table if exists "swap_rating";`);
    this.addSql(`drop table if exists "swap_item";`);
    this.addSql(`drop table if exists "swap";`);
    this.addSql(`drop table if exists "sticker_spare";`);
  }
}
