import { Migration } from '@mikro-orm/migrations';

/**
 * This migration created functions and triggers only. Since decision 023 they are defined in their area and
 * applied after the migrations (src/server/db/definitions.ts); databases that ran it keep its name.
 */
export class Migration20261123110000_match_index extends Migration {
  override name = 'Migration20261123110000_match_index';

  override up(): void | Promise<void> {
    // The match index's notifications (docs/decisions/018) are triggers on collection and sticker:
    // src/server/matches/sql/collection-changed.sql and sticker-changed.sql.
  }

  override down(): void | Promise<void> {}
}
