import { Migration } from '@mikro-orm/migrations';

export class Migration20261218090000_sticker_kinds extends Migration {
  override name = 'Migration20261218090000_sticker_kinds';

  override up(): void | Promise<void> {
    // Issue 49: each sticker a kind — 'base', 'speciale' (foil, metallic…), 'extra' (out of completion) —
    // and an optional section of the printed album ('Calciomercato', a team); each album an order limit
    // for 'Ordina le ultime' (Panini's own is not published for Italy: the admin sets it) and an optional
    // price per sticker, in cents.
    this.addSql(
      `alter table "sticker" add column "kind" text not null default 'base' check ("kind" in ('base', 'speciale', 'extra')), add column "section" varchar(60) null;`,
    );
    this.addSql(
      `alter table "album" add column "order_limit" int not null default 50 check ("order_limit" between 1 and 500), add column "order_price_cents" int null check ("order_price_cents" between 1 and 10000);`,
    );
    this.addSql(`create index "sticker_album_kind_index" on "sticker" ("album_id") where "kind" <> 'base';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "sticker_album_kind_index";`);
    this.addSql(
      `alter table "album" drop column if exists "order_limit", drop column if exists "order_price_cents";`,
    );
    this.addSql(`alter table "sticker" drop column if exists "kind", drop column if exists "section";`);
  }
}
