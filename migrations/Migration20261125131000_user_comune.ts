import { Migration } from '@mikro-orm/migrations';

export class Migration20261125131000_user_comune extends Migration {
  override name = 'Migration20261125131000_user_comune';

  override up(): void | Promise<void> {
    // The collector's comune (ISTAT code): their CAP's only comune, or the one they picked for a CAP shared
    // by several comuni or missing from the CAP table (docs/cap-data.md). Null for older profiles.
    this.addSql(`alter table "app_user" add column "comune" varchar(6) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column if exists "comune";`);
  }
}
