import { Migration } from '@mikro-orm/migrations';

export class Migration20261219100000_mix_special_kinds extends Migration {
  override name = 'Migration20261219100000_mix_special_kinds';

  override up(): void | Promise<void> {
    // Issue 49, row 3: Match pairs like for like; the collector's switch 'Scambia anche speciali con
    // normali', remembered, lets base and speciale stickers pair with each other.
    this.addSql(`alter table "app_user" add column "mix_special_kinds" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column if exists "mix_special_kinds";`);
  }
}
