import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020000_sticker_marks extends Migration {
  override name = 'Migration20261123020000_sticker_marks';

  override up(): void | Promise<void> {
    // When each collector last marked each sticker: a tap older than that changes nothing, so a tap
    // queued offline for hours cannot undo a later one from another device (docs/decisions/013). A
    // sticker with no row (marked before this table, or never) takes any tap, as every tap did before.
    this.addSql(`create table "sticker_mark" (
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "sticker_id" int not null references "sticker" ("id") on delete cascade,
      "marked_at" timestamptz not null,
      primary key ("user_id", "sticker_id")
    );`);
    // Deleting a sticker (or an album) cascades here by sticker.
    this.addSql(`create index "sticker_mark_sticker_id_index" on "sticker_mark" ("sticker_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sticker_mark";`);
  }
}
