import { Migration } from '@mikro-orm/migrations';

export class Migration20261213090000_moderation extends Migration {
  override name = 'Migration20261213090000_moderation';

  override up(): void | Promise<void> {
    // Issue 47, row 3 (decision 053): an admin's decisions on a report, each with a rule of the Termini and
    // a sentence, contested at most once by whoever it affects.
    this.addSql(`create table "moderation_decision" (
      "id" serial primary key,
      "report_id" int null references "report" ("id") on delete set null,
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "admin_id" int null references "app_user" ("id") on delete set null,
      "action" text not null check ("action" in
        ('nascondi', 'limita', 'sospendi', 'disattiva', 'archivia', 'conferma', 'revoca')),
      "rule" text null check ("rule" in
        ('originali', 'niente_vendita', 'minori_contatti', 'rispetto', 'account_veri')),
      "reason" varchar(1000) not null,
      "message_id" int null references "message" ("id") on delete set null,
      "until" timestamptz null,
      "created_at" timestamptz not null default now(),
      "contested_at" timestamptz null,
      "contest_text" varchar(1000) null
    );`);
    this.addSql(
      `create index "moderation_decision_user_index" on "moderation_decision" ("user_id", "id" desc);`,
    );
    this.addSql(
      `create index "moderation_decision_report_index" on "moderation_decision" ("report_id", "id" desc);`,
    );
    this.addSql(`alter table "message" add column "hidden_at" timestamptz null;`);
    this.addSql(`alter table "app_user" add column "limited_until" timestamptz null,
      add column "suspended_until" timestamptz null;`);
    // The 'inoltrata alle autorità' step, and who a deleted reported account was (nickname, e-mail hash).
    this.addSql(`alter table "report" add column "forwarded_at" timestamptz null,
      add column "forwarded_by" int null references "app_user" ("id") on delete set null,
      add column "reported_nickname" varchar(40) null,
      add column "reported_email_hash" char(64) null,
      add column "reported_deleted_at" timestamptz null;`);
    this.addSql(`create table "signup_bar" (
      "email_hash" char(64) primary key,
      "nickname" varchar(40) null,
      "report_id" int null references "report" ("id") on delete set null,
      "admin_id" int null references "app_user" ("id") on delete set null,
      "created_at" timestamptz not null default now()
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "signup_bar";`);
    this.addSql(`alter table "report" drop column "forwarded_at", drop column "forwarded_by",
      drop column "reported_nickname", drop column "reported_email_hash", drop column "reported_deleted_at";`);
    this.addSql(`alter table "app_user" drop column "limited_until", drop column "suspended_until";`);
    this.addSql(`alter table "message" drop column "hidden_at";`);
    this.addSql(`drop table if exists "moderation_decision";`);
  }
}
