import { Migration } from '@mikro-orm/migrations';

export class Migration20261129090000_in_person_swaps extends Migration {
  override name = 'Migration20261129090000_in_person_swaps';

  override up(): void | Promise<void> {
    // 'Scambio dal vivo' (issue 34, docs/decisions/035): a swap made at a table, offline, and recorded
    // afterwards by each phone. Its key, the same on both phones, makes the two records one row; an online
    // swap has none. On a 'dal_vivo' row `from_confirmed` and `to_confirmed` say which phones recorded it.
    this.addSql(`alter table "swap" add column "mode" text not null default 'online',
      add constraint "swap_mode_check" check ("mode" in ('online', 'dal_vivo')),
      add column "in_person_key" text null,
      add constraint "swap_in_person_key_unique" unique ("in_person_key"),
      add constraint "swap_in_person_key_check" check ((("mode" = 'dal_vivo') = ("in_person_key" is not null))
        and ("in_person_key" is null or "in_person_key" ~ '^[0-9a-f]{32}$'));`);
  }

  override down(): void | Promise<void> {
    // The swaps recorded in person go with the columns that told them apart.
    this.addSql(`delete from "swap" where "mode" = 'dal_vivo';`);
    this.addSql(`alter table "swap" drop constraint if exists "swap_in_person_key_check",
      drop constraint if exists "swap_in_person_key_unique", drop column if exists "in_person_key",
      drop constraint if exists "swap_mode_check", drop column if exists "mode";`);
  }
}
