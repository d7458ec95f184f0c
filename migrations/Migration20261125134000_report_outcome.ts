import { Migration } from '@mikro-orm/migrations';

export class Migration20261125134000_report_outcome extends Migration {
  override name = 'Migration20261125134000_report_outcome';

  override up(): void | Promise<void> {
    // 'risolto': the admin dealt with a report; its reporter reads so in their profile (decision 016).
    this.addSql(`alter table "report" drop constraint "report_status_check",
      add constraint "report_status_check" check ("status" in ('nuovo', 'aperto', 'inviato', 'risolto'));`);
    // A reporter's own reports, newest first.
    this.addSql(`create index "report_user_id_index" on "report" ("user_id", "created_at" desc);`);
    this.addSql(`create index "report_reported_user_id_index" on "report" ("reported_user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "report_reported_user_id_index";`);
    this.addSql(`drop index if exists "report_user_id_index";`);
    this.addSql(`update "report" set "status" = 'inviato' where "status" = 'risolto';`);
    this.addSql(`alter table "report" drop constraint "report_status_check",
      add constraint "report_status_check" check ("status" in ('nuovo', 'aperto', 'inviato'));`);
  }
}
