import { Migration } from '@mikro-orm/migrations';

export class Migration20261122080000_settings extends Migration {
  override name = 'Migration20261122080000_settings';

  override up(): void | Promise<void> {
    // One row, the admin's 'Configurazione Sistema', with the spec's defaults.
    this.addSql(`create table "app_settings" (
      "id" int primary key default 1 check ("id" = 1),
      "maintenance_mode" text not null default 'automatico' check ("maintenance_mode" in ('automatico', 'manuale', 'disabilitato')),
      "log_level" text not null default 'info' check ("log_level" in ('debug', 'info', 'warn', 'error')),
      "auto_backup" boolean not null default true,
      "last_backup_at" timestamptz null,
      "last_maintenance_at" timestamptz null,
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`insert into "app_settings" ("id") values (1);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "app_settings";`);
  }
}
