import { Migration } from '@mikro-orm/migrations';

export class Migration20261127094000_account_deletion extends Migration {
  override name = 'Migration20261127094000_account_deletion';

  override up(): void | Promise<void> {
    // A deleted account (issue 32) leaves a tombstone: its id, which the other collectors' chats, swaps
    // and ratings keep pointing at, named 'Utente eliminato' and holding nothing else. Its nickname is
    // free again, so only live accounts' nicknames are unique.
    this.addSql(`alter table "app_user" add column "deleted_at" timestamptz null;`);
    this.addSql(`alter table "app_user" alter column "nickname" type varchar(16);`);
    this.addSql(`alter table "app_user" drop constraint "app_user_nickname_unique";`);
    this.addSql(
      `create unique index "app_user_nickname_unique" on "app_user" ("nickname") where "deleted_at" is null;`,
    );
    // Nor a place: a live account always has its CAP.
    this.addSql(`alter table "app_user" alter column "cap" drop not null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_cap_present"
      check ("cap" is not null or "deleted_at" is not null);`);
    this.addSql(`alter table "app_user" drop constraint "app_user_nickname_format";`);
    this.addSql(`alter table "app_user" add constraint "app_user_nickname_format" check (
      case when "deleted_at" is null then "nickname" ~ '^[A-Z0-9]{1,8}$' else "nickname" = 'Utente eliminato' end
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "app_user" where "deleted_at" is not null;`);
    this.addSql(`alter table "app_user" drop constraint "app_user_cap_present";`);
    this.addSql(`alter table "app_user" alter column "cap" set not null;`);
    this.addSql(`alter table "app_user" drop constraint "app_user_nickname_format";`);
    this.addSql(
      `alter table "app_user" add constraint "app_user_nickname_format" check ("nickname" ~ '^[A-Z0-9]{1,8}$');`,
    );
    this.addSql(`drop index "app_user_nickname_unique";`);
    this.addSql(`alter table "app_user" add constraint "app_user_nickname_unique" unique ("nickname");`);
    this.addSql(`alter table "app_user" alter column "nickname" type varchar(8);`);
    this.addSql(`alter table "app_user" drop column "deleted_at";`);
  }
}
