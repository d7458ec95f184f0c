import { Migration } from '@mikro-orm/migrations';

export class Migration20261206090000_birth_date_corrections extends Migration {
  override name = 'Migration20261206090000_birth_date_corrections';

  override up(): void | Promise<void> {
    // Issue 45: only an admin corrects a birth date once given, and each correction is logged — who, when,
    // from what to what, and why.
    this.addSql(`create table "birth_date_correction" (
      "id" serial primary key,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "admin_id" int null references "app_user" ("id") on delete set null,
      "old_year" smallint null,
      "old_month" smallint null,
      "new_year" smallint not null,
      "new_month" smallint not null,
      "reason" varchar(300) not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create index "birth_date_correction_user_id_index" on "birth_date_correction" ("user_id", "id");`,
    );
    this.addSql(
      `create index "birth_date_correction_admin_id_index" on "birth_date_correction" ("admin_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "birth_date_correction";`);
  }
}
