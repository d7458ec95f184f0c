import { Migration } from '@mikro-orm/migrations';

export class Migration20261127093000_session_devices extends Migration {
  override name = 'Migration20261127093000_session_devices';

  override up(): void | Promise<void> {
    // Profilo's 'Dispositivi' (issue 32): when each session was last used (written at most every few
    // minutes) and a coarse device name read from the User-Agent when it started.
    this.addSql(`alter table "user_session" add column "last_used_at" timestamptz null,
      add column "device" varchar(60) null;`);
    this.addSql(`update "user_session" set "last_used_at" = "created_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "user_session" drop column if exists "last_used_at", drop column if exists "device";`,
    );
  }
}
