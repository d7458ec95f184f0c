import { Migration } from '@mikro-orm/migrations';

export class Migration20261122110000_reports extends Migration {
  override name = 'Migration20261122110000_reports';

  override up(): void | Promise<void> {
    this.addSql(`create table "report" (
      "id" serial primary key,
      "type" text not null check ("type" in ('user', 'error', 'spam', 'js_error', 'network_error', 'api_error')),
      "description" varchar(2000) not null,
      "page" varchar(500) null,
      "url" varchar(2000) null,
      "error_details" varchar(8000) null,
      "user_id" int null references "app_user" ("id") on delete set null,
      "user_agent" varchar(500) null,
      "status" text not null default 'nuovo' check ("status" in ('nuovo', 'aperto', 'inviato')),
      "priority" text not null default 'media' check ("priority" in ('media', 'alta')),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "report_created_at_index" on "report" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "report_status_index" on "report" ("status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "report";`);
  }
}
