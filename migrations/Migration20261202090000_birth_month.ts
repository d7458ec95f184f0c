import { Migration } from '@mikro-orm/migrations';

export class Migration20261202090000_birth_month extends Migration {
  override name = 'Migration20261202090000_birth_month';

  override up(): void | Promise<void> {
    // Issue 45, docs/decisions/045: the birth month and year a collector gives at sign-up; the age band is
    // worked out from them when asked. Null for accounts made before, asked once at their next visit.
    this.addSql(
      `alter table "app_user" add column "birth_year" smallint null, add column "birth_month" smallint null;`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_birth_month_check"
      check (("birth_year" is null) = ("birth_month" is null) and "birth_month" between 1 and 12);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop constraint if exists "app_user_birth_month_check",
      drop column if exists "birth_month", drop column if exists "birth_year";`);
  }
}
