import { Migration } from '@mikro-orm/migrations';

export class Migration20261207090000_seen_age_band extends Migration {
  override name = 'Migration20261207090000_seen_age_band';

  override up(): void | Promise<void> {
    // Issue 45: the band rises by itself on the birthday, and the collector is told once. This is the band
    // they were last told of (null: an account that has not been told any yet).
    this.addSql(`alter table "app_user" add column "seen_age_band" varchar(7) null
      constraint "app_user_seen_age_band_check" check ("seen_age_band" in ('18+', '14-17', 'under14'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column if exists "seen_age_band";`);
  }
}
