import { Migration } from '@mikro-orm/migrations';

export class Migration20261125132000_sticker_position extends Migration {
  override name = 'Migration20261125132000_sticker_position';

  override up(): void | Promise<void> {
    // The printed album's order: slots were given in import order, so they are the order so far.
    this.addSql(`alter table "sticker" add column "position" int not null default 0;`);
    this.addSql(`update "sticker" set "position" = "slot";`);
    this.addSql(`create index "sticker_album_id_position_index" on "sticker" ("album_id", "position");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "sticker_album_id_position_index";`);
    this.addSql(`alter table "sticker" drop column if exists "position";`);
  }
}
