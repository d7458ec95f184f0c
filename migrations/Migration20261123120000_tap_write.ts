import { Migration } from '@mikro-orm/migrations';

/**
 * This migration created functions and triggers only. Since decision 023 they are defined in their area and
 * applied after the migrations (src/server/db/definitions.ts); databases that ran it keep its name.
 */
export class Migration20261123120000_tap_write extends Migration {
  override name = 'Migration20261123120000_tap_write';

  override up(): void | Promise<void> {
    // The tap in one call (docs/decisions/017) and the reserved bitmap are functions:
    // src/server/collection/sql/tap-sticker.sql, mark-stickers.sql and reserved-bitmap.sql.
  }

  override down(): void | Promise<void> {}
}
