import { Migration } from '@mikro-orm/migrations';

export class Migration20261125110000_presence_choice extends Migration {
  override name = 'Migration20261125110000_presence_choice';

  override up(): void | Promise<void> {
    // Profilo's switch: off, nobody sees whether this collector is around (decision 021).
    this.addSql(`alter table "app_user" add column "show_presence" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "app_user" drop column if exists "show_presence";`);
  }
}
