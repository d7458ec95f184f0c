import { Migration } from '@mikro-orm/migrations';

export class Migration20261216090000_quiet_hours extends Migration {
  override name = 'Migration20261216090000_quiet_hours';

  override up(): void | Promise<void> {
    // Issue 48, row 5: 'Non disturbare dalle … alle …' (Italian wall clock, 'HH:MM'; both null: never), and
    // per kind an e-mail 'riepilogo giornaliero' instead of one mail per event, kept until it goes.
    // A new account's come from QUIET_HOURS_DEFAULT at sign-up; every account so far gets 21:00–08:00.
    this.addSql(
      `alter table "app_user" add column "quiet_from" char(5) null, add column "quiet_to" char(5) null;`,
    );
    this.addSql(`update "app_user" set "quiet_from" = '21:00', "quiet_to" = '08:00';`);
    this.addSql(`alter table "alert_setting" add column "digest" boolean not null default false;`);
    this.addSql(`create table "alert_digest_item" (
      "id" bigserial primary key,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "kind" text not null,
      "title" varchar(200) not null,
      "body" varchar(500) not null,
      "url" varchar(300) not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "alert_digest_item_user_index" on "alert_digest_item" ("user_id", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "alert_digest_item";`);
    this.addSql(`alter table "alert_setting" drop column "digest";`);
    this.addSql(`alter table "app_user" drop column "quiet_from", drop column "quiet_to";`);
  }
}
