import { Migration } from '@mikro-orm/migrations';

export class Migration20261203090000_visible_to_adults extends Migration {
  override name = 'Migration20261203090000_visible_to_adults';

  override up(): void | Promise<void> {
    // Issue 45, row 3: a 14-17 collector is found by adults only once they turn on 'Visibile ai
    // maggiorenni per proporre scambi'; off by default, meaningless for adults and under-14s.
    this.addSql(`alter table "app_user" add column "visible_to_adults" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column if exists "visible_to_adults";`);
  }
}
