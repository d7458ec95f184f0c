import { Migration } from '@mikro-orm/migrations';

export class Migration20261122100000_chat extends Migration {
  override name = 'Migration20261122100000_chat';

  override up(): void | Promise<void> {
    this.addSql(`create table "message" (
      "id" bigserial primary key,
      "match_id" int not null references "match" ("id") on delete cascade,
      "sender_id" int not null references "app_user" ("id") on delete cascade,
      "content" varchar(1000) not null check (length(btrim("content")) > 0),
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "message_match_id_id_index" on "message" ("match_id", "id");`);
    // What each participant has read: the id of the newest message they have seen in this match.
    this.addSql(`alter table "match" add column "low_read_up_to" bigint not null default 0,
      add column "high_read_up_to" bigint not null default 0;`);
    // Presence: the last time this user had the app open (a chat stream, a poll, a message).
    this.addSql(`alter table "app_user" add column "last_seen_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column "last_seen_at";`);
    this.addSql(`alter table "match" drop column "low_read_up_to", drop column "high_read_up_to";`);
    this.addSql(`drop table if exists "message";`);
  }
}
