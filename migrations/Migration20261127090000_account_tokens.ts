import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090000_account_tokens extends Migration {
  override name = 'Migration20261127090000_account_tokens';

  override up(): void | Promise<void> {
    // An e-mail address counts once its owner opened the link sent to it (issue 32).
    this.addSql(`alter table "app_user" add column "email_verified_at" timestamptz null;`);
    // Single-use secrets of an account, stored hashed (SHA-256): a link's token or an admin's one-time code.
    this.addSql(`create table "account_token" (
      "id" bigserial primary key,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "purpose" text not null check ("purpose" in ('verify_email', 'reset_password', 'reset_code')),
      "token_hash" bytea not null unique,
      "email" varchar(254) null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null
    );`);
    this.addSql(`create index "account_token_user_purpose_index" on "account_token" ("user_id", "purpose");`);
    this.addSql(`create index "account_token_expires_at_index" on "account_token" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "account_token";`);
    this.addSql(`alter table "app_user" drop column if exists "email_verified_at";`);
  }
}
