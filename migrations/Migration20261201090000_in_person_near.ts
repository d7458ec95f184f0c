import { Migration } from '@mikro-orm/migrations';

export class Migration20261201090000_in_person_near extends Migration {
  override name = 'Migration20261201090000_in_person_near';

  override up(): void | Promise<void> {
    // A swap recorded in person counts for reputation only when it was plausible (issue 43,
    // docs/decisions/035): at every phone's record the two collectors' points were within the larger of
    // their radii. Null on online swaps. Records made before this column read as plausible, as they counted.
    this.addSql(`alter table "swap" add column "in_person_near" boolean null;`);
    this.addSql(`update "swap" set "in_person_near" = true where "mode" = 'dal_vivo';`);
    this.addSql(`alter table "swap" add constraint "swap_in_person_near_check"
      check (("mode" = 'dal_vivo') = ("in_person_near" is not null));`);
    // The open one-sided records of a pair are counted at each new record, and purged after their window.
    this.addSql(`create index "swap_in_person_one_sided_index" on "swap" ("created_at")
      where "mode" = 'dal_vivo' and not ("from_confirmed" and "to_confirmed");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "swap_in_person_one_sided_index";`);
    this.addSql(`alter table "swap" drop constraint if exists "swap_in_person_near_check",
      drop column if exists "in_person_near";`);
  }
}
