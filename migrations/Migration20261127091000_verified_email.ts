import { Migration } from '@mikro-orm/migrations';

export class Migration20261127091000_verified_email extends Migration {
  override name = 'Migration20261127091000_verified_email';

  override up(): void | Promise<void> {
    // A verified address belongs to one account (issue 32): a reset link sent to it names one collector.
    // Addresses are stored lower-cased; unverified ones may repeat until one of them is confirmed.
    this.addSql(
      `create unique index "app_user_verified_email_unique" on "app_user" ("email") where "email_verified_at" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "app_user_verified_email_unique";`);
  }
}
