import { Migration } from '@mikro-orm/migrations';

export class Migration20261214090000_terms_notice extends Migration {
  override name = 'Migration20261214090000_terms_notice';

  override up(): void | Promise<void> {
    // Issue 47, row 1: each version of the Termini is announced by e-mail once, by whichever instance's
    // clean-up claims it first.
    this.addSql(`create table "terms_notice" (
      "version" varchar(10) primary key,
      "announced_at" timestamptz not null default now()
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "terms_notice";`);
  }
}
