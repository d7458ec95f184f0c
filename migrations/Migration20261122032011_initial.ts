import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032011_initial extends Migration {
  override name = 'Migration20261122032011_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "app_user" ("id" serial primary key, "nickname" varchar(8) not null, "password_hash" varchar(255) not null, "cap" varchar(5) not null, "latitude" double precision not null, "longitude" double precision not null, "raggio_km" int not null default 10, "album_selezionato" int null, "email" varchar(254) null, "is_premium" boolean not null default false, "trial_ends_at" timestamptz not null, "is_admin" boolean not null default false, "is_active" boolean not null default true, "created_at" timestamptz not null, "last_login_at" timestamptz null);`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_nickname_unique" unique ("nickname");`);

    this.addSql(
      `create table "user_session" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "user_session_user_id_index" on "user_session" ("user_id");`);
    this.addSql(`create index "user_session_expires_at_index" on "user_session" ("expires_at");`);

    this.addSql(
      `alter table "user_session" add constraint "user_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    // Login throttling and other limits shared by every app server (rate-limiter-flexible's table shape).
    this.addSql(
      `create table "rate_limit" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`,
    );
    this.addSql(
      `alter table "app_user" add constraint "app_user_nickname_format" check ("nickname" ~ '^[A-Z0-9]{1,8}$');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user_session" drop constraint "user_session_user_id_foreign";`);
    this.addSql(`drop table if exists "rate_limit";`);
    this.addSql(`drop table if exists "user_session";`);
    this.addSql(`drop table if exists "app_user";`);
  }
}
