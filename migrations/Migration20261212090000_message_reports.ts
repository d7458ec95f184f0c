import { Migration } from '@mikro-orm/migrations';

export class Migration20261212090000_message_reports extends Migration {
  override name = 'Migration20261212090000_message_reports';

  override up(): void | Promise<void> {
    // Issue 47, row 2: a report can be about one message, kept as evidence as it read when it was reported
    // (its author may delete the account; the chat may go); the reasons are the Termini's list.
    this.addSql(`alter table "report" add column "message_id" int null references "message" ("id") on delete set null,
      add column "evidence" jsonb null;`);
    this.addSql(
      `create index "report_message_id_index" on "report" ("message_id") where "message_id" is not null;`,
    );
    this.addSql(`update "report" set "category" = 'truffa' where "category" = 'figurine_false';`);
    this.addSql(`alter table "report" drop constraint "report_category_check";`);
    this.addSql(`alter table "report" add constraint "report_category_check" check ("category" in
      ('molestie', 'adulto_minore', 'contatti_personali', 'truffa', 'verso_minore', 'spam', 'altro'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "report" set "category" = 'figurine_false' where "category" = 'truffa';`);
    this.addSql(`update "report" set "category" = null
      where "category" in ('molestie', 'contatti_personali', 'spam', 'altro');`);
    this.addSql(`alter table "report" drop constraint "report_category_check";`);
    this.addSql(`alter table "report" add constraint "report_category_check"
      check ("category" in ('adulto_minore', 'figurine_false', 'verso_minore'));`);
    this.addSql(`alter table "report" drop column "message_id", drop column "evidence";`);
  }
}
