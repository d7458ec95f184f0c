import { Migration } from '@mikro-orm/migrations';

export class Migration20261219090000_in_regalo extends Migration {
  override name = 'Migration20261219090000_in_regalo';

  override up(): void | Promise<void> {
    // Issue 49, row 5: a collector who completed an album may put its remaining doubles 'in regalo', so
    // others nearby find them in 'Le mie ultime' and ask for them without giving anything back.
    this.addSql(`alter table "collection" add column "in_regalo" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "collection" drop column if exists "in_regalo";`);
  }
}
