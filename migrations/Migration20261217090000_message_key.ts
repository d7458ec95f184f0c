import { Migration } from '@mikro-orm/migrations';

export class Migration20261217090000_message_key extends Migration {
  override name = 'Migration20261217090000_message_key';

  override up(): void | Promise<void> {
    // Issue 48, row 4: a message written offline waits on the phone with an id of its own (the outbox,
    // docs/decisions/055); sent again after an answer that never came, it finds the row stored the first
    // time. Messages sent without one (the REST API, the notes the app writes for a swap) keep null.
    this.addSql(`alter table "message" add column "client_key" uuid null;`);
    this.addSql(
      `create unique index "message_sender_client_key_unique" on "message" ("sender_id", "client_key") where "client_key" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "message_sender_client_key_unique";`);
    this.addSql(`alter table "message" drop column if exists "client_key";`);
  }
}
