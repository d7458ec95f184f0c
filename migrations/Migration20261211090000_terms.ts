import { Migration } from '@mikro-orm/migrations';

export class Migration20261211090000_terms extends Migration {
  override name = 'Migration20261211090000_terms';

  override up(): void | Promise<void> {
    // Issue 47, row 1: the version of the Termini a collector accepted, and when. Accounts from before the
    // Termini have none: they are shown them once at their next visit.
    this.addSql(`alter table "app_user" add column "terms_version" varchar(10) null,
      add column "terms_accepted_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column "terms_version", drop column "terms_accepted_at";`);
  }
}
