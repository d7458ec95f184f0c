import { Migration } from '@mikro-orm/migrations';

export class Migration20261128090000_alerts extends Migration {
  override name = 'Migration20261128090000_alerts';

  override up(): void | Promise<void> {
    // Web Push (issue 33): one row per browser that subscribed; an endpoint is one device's, so it belongs
    // to whoever subscribed it last (a shared phone changing hands), and lives as long as the session that
    // subscribed it: a device logged out (or all of them, by a password reset) is told nothing more.
    this.addSql(`create table "push_subscription" (
      "id" bigserial primary key,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "session_id" varchar(64) not null references "user_session" ("id") on delete cascade,
      "endpoint" varchar(2048) not null,
      "p256dh" varchar(100) not null,
      "auth" varchar(40) not null,
      "created_at" timestamptz not null default now(),
      "refreshed_at" timestamptz not null default now(),
      constraint "push_subscription_endpoint_unique" unique ("endpoint"));`);
    this.addSql(`create index "push_subscription_user_id_index" on "push_subscription" ("user_id");`);
    this.addSql(`create index "push_subscription_session_id_index" on "push_subscription" ("session_id");`);
    // Profilo → 'Notifiche': a row only where the collector changed a default (alerts/alert-settings.ts).
    this.addSql(`create table "alert_setting" (
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "kind" varchar(20) not null,
      "push" boolean not null,
      "email" boolean not null,
      primary key ("user_id", "kind"));`);
    // The chats open right now, on any app server: a message to someone reading it needs no alert. A row
    // whose stream died with its server goes stale within a beat (alerts/open-chats.ts).
    this.addSql(`create table "open_chat" (
      "stream_id" uuid primary key,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "match_id" int not null references "match" ("id") on delete cascade,
      "seen_at" timestamptz not null default now());`);
    this.addSql(`create index "open_chat_user_match_index" on "open_chat" ("user_id", "match_id");`);
    // The daily 'Vicino a te' digest: when it last went out, and whom it named (so the next names the new).
    this.addSql(`create table "digest_state" (
      "user_id" int primary key references "app_user" ("id") on delete cascade,
      "last_sent_at" timestamptz null,
      "told" int[] not null default '{}');`);
    // The job queue's workers and their last sign of life: a crashed server's jobs are unlocked by the
    // others within a minute, not graphile-worker's four hours (mail/job-leases.ts).
    this.addSql(`create table "job_worker_lease" (
      "worker_id" varchar(100) primary key,
      "heartbeat_at" timestamptz not null default now());`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_worker_lease";`);
    this.addSql(`drop table if exists "digest_state";`);
    this.addSql(`drop table if exists "open_chat";`);
    this.addSql(`drop table if exists "alert_setting";`);
    this.addSql(`drop table if exists "push_subscription";`);
  }
}
