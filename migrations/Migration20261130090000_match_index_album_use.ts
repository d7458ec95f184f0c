import { Migration } from '@mikro-orm/migrations';

export class Migration20261130090000_match_index_album_use extends Migration {
  override name = 'Migration20261130090000_match_index_album_use';

  override up(): void | Promise<void> {
    // When any app server last searched an album from its match index (issue 35, docs/decisions/042): a
    // server that starts reads the albums searched lately before it says it is warm.
    this.addSql(`create table "match_index_album_use" (
      "album_id" int primary key references "album" ("id") on delete cascade,
      "searched_at" timestamptz not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "match_index_album_use";`);
  }
}
