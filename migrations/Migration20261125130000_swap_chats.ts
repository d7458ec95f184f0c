import { Migration } from '@mikro-orm/migrations';

export class Migration20261125130000_swap_chats extends Migration {
  override name = 'Migration20261125130000_swap_chats';

  override up(): void | Promise<void> {
    // A proposal now opens the pair's chat (issue 28): the pairs that swapped before get theirs too.
    this.addSql(`insert into "match" ("user_low_id", "user_high_id", "created_at")
      select distinct least(w.from_user_id, w.to_user_id), greatest(w.from_user_id, w.to_user_id), now()
        from "swap" w
      on conflict ("user_low_id", "user_high_id") do nothing;`);
  }

  override down(): void | Promise<void> {
    // The chats made here are kept: messages may have been written in them since.
  }
}
