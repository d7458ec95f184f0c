import { Migration } from '@mikro-orm/migrations';

export class Migration20261215090000_urgent_reports extends Migration {
  override name = 'Migration20261215090000_urgent_reports';

  override up(): void | Promise<void> {
    // Issue 48, row 8: 'urgente', proposed by the server for a report that names a phone, an address, a
    // meeting or a minor.
    this.addSql(`alter table "report" drop constraint "report_priority_check";`);
    this.addSql(
      `alter table "report" add constraint "report_priority_check" check ("priority" in ('media', 'alta', 'urgente'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`update "report" set "priority" = 'alta' where "priority" = 'urgente';`);
    this.addSql(`alter table "report" drop constraint "report_priority_check";`);
    this.addSql(
      `alter table "report" add constraint "report_priority_check" check ("priority" in ('media', 'alta'));`,
    );
  }
}
