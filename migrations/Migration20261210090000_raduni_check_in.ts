import { Migration } from '@mikro-orm/migrations';

export class Migration20261210090000_raduni_check_in extends Migration {
  override name = 'Migration20261210090000_raduni_check_in';

  override up(): void | Promise<void> {
    // Issue 46, rows 5–7: the place's printed QR carries a meet's own token; a check-in is timed at the
    // scan and shows 'qui ora' to the others unless hidden; a swap made at the table records its meet;
    // a report can say 'figurine false' or 'comportamento verso un minore'.
    this.addSql(
      `alter table "raduno" add column "checkin_token" text not null default replace(gen_random_uuid()::text, '-', '');`,
    );
    this.addSql(`alter table "raduno_participant" add column "checked_in_at" timestamptz null,
      add column "shows_here" boolean not null default true;`);
    this.addSql(
      `alter table "swap" add column "raduno_id" int null references "raduno" ("id") on delete set null;`,
    );
    this.addSql(`create index "swap_raduno_id_index" on "swap" ("raduno_id") where "raduno_id" is not null;`);
    this.addSql(`alter table "report" drop constraint "report_category_check";`);
    this.addSql(`alter table "report" add constraint "report_category_check"
      check ("category" in ('adulto_minore', 'figurine_false', 'verso_minore'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "report" where "category" in ('figurine_false', 'verso_minore');`);
    this.addSql(`alter table "report" drop constraint "report_category_check";`);
    this.addSql(
      `alter table "report" add constraint "report_category_check" check ("category" in ('adulto_minore'));`,
    );
    this.addSql(`alter table "swap" drop column "raduno_id";`);
    this.addSql(`alter table "raduno_participant" drop column "checked_in_at", drop column "shows_here";`);
    this.addSql(`alter table "raduno" drop column "checkin_token";`);
  }
}
