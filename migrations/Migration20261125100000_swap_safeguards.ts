import { Migration } from '@mikro-orm/migrations';

export class Migration20261125100000_swap_safeguards extends Migration {
  override name = 'Migration20261125100000_swap_safeguards';

  override up(): void | Promise<void> {
    // An accepted swap not completed within 14 days of its acceptance ends 'non_completato'
    // (docs/decisions/015). `expires_at` is the deadline of the step a swap is in: 7 days for an answer,
    // then 14 days from acceptance for both confirmations. Accepted swaps of before take it from their
    // last change.
    this.addSql(`alter table "swap" drop constraint "swap_status_check";`);
    this.addSql(`alter table "swap" add constraint "swap_status_check" check ("status" in
      ('proposto', 'accettato', 'rifiutato', 'annullato', 'completato', 'non_completato'));`);
    this.addSql(
      `update "swap" set "expires_at" = "updated_at" + interval '14 days' where "status" = 'accettato';`,
    );

    // When a swap was completed: a swap completed with a collector one already swapped with in the 7 days
    // before adds no new rating.
    this.addSql(`alter table "swap" add column "completed_at" timestamptz null;`);
    this.addSql(`update "swap" set "completed_at" = "updated_at" where "status" = 'completato';`);
    this.addSql(`create index "swap_status_expires_at_index" on "swap" ("status", "expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "swap_status_expires_at_index";`);
    this.addSql(`alter table "swap" drop column if exists "completed_at";`);
    this.addSql(`update "swap" set "status" = 'annullato' where "status" = 'non_completato';`);
    this.addSql(`alter table "swap" drop constraint "swap_status_check";`);
    this.addSql(`alter table "swap" add constraint "swap_status_check" check ("status" in
      ('proposto', 'accettato', 'rifiutato', 'annullato', 'completato'));`);
  }
}
