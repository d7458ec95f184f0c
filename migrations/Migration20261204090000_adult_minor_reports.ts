import { Migration } from '@mikro-orm/migrations';

export class Migration20261204090000_adult_minor_reports extends Migration {
  override name = 'Migration20261204090000_adult_minor_reports';

  override up(): void | Promise<void> {
    // Issue 45, row 8: 'Un adulto mi mette a disagio' is a report's category; three of them about one adult
    // from three accounts within 7 days stop that adult reaching any minor until an admin reviews.
    this.addSql(`alter table "report" add column "category" varchar(20) null
      constraint "report_category_check" check ("category" in ('adulto_minore'));`);
    this.addSql(`alter table "app_user" add column "minor_contact_suspended_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column if exists "minor_contact_suspended_at";`);
    this.addSql(`alter table "report" drop column if exists "category";`);
  }
}
