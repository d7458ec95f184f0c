import { Migration } from '@mikro-orm/migrations';

/**
 * This migration created functions and triggers only. Since decision 023 they are defined in their area and
 * applied after the migrations (src/server/db/definitions.ts); databases that ran it keep its name.
 */
export class Migration20261124090000_tap_batches extends Migration {
  override name = 'Migration20261124090000_tap_batches';

  override up(): void | Promise<void> {
    // Taps written together (docs/decisions/019) are a function: src/server/collection/sql/tap-stickers.sql.
  }

  override down(): void | Promise<void> {}
}
