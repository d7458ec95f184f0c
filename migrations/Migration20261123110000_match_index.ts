import { Migration } from '@mikro-orm/migrations';

export class Migration20261123110000_match_index extends Migration {
  override name = 'Migration20261123110000_match_index';

  override up(): void | Promise<void> {
    // Every app server keeps the match search's collections in memory (docs/decisions/018) and re-reads
    // what changed on word from here, whoever wrote it: a tap, a swap's reservation, an admin deleting a
    // sticker, a collector moving. Payload 'album:user,user,…' (at most 400 users, well under NOTIFY's
    // 8,000 bytes); a statement that changes more rows of an album says 'album:*' (reload it all).
    // Delivered when the transaction commits, never before its rows are visible.
    // (Each branch reads the transition table its event has: plpgsql plans a statement when it first runs.)
    this.addSql(`create function "collection_changed"() returns trigger language plpgsql as $$
      declare
        changed record;
      begin
        if tg_op = 'DELETE' then
          for changed in select album_id, count(*) as n, string_agg(user_id::text, ',') as users
                           from old_rows group by album_id loop
            perform pg_notify('collection_changed', changed.album_id || ':' || case when changed.n > 400 then '*' else changed.users end);
          end loop;
        else
          for changed in select album_id, count(*) as n, string_agg(user_id::text, ',') as users
                           from new_rows group by album_id loop
            perform pg_notify('collection_changed', changed.album_id || ':' || case when changed.n > 400 then '*' else changed.users end);
          end loop;
        end if;
        return null;
      end $$;`);
    for (const [event, table] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      this.addSql(`create trigger "collection_changed_${event}" after ${event} on "collection"
        referencing ${table} for each statement execute function "collection_changed"();`);
    }
    // The index names stickers too: a statement that adds, renumbers or deletes stickers says 'album:#'.
    this.addSql(`create function "sticker_changed"() returns trigger language plpgsql as $$
      declare
        changed record;
      begin
        if tg_op = 'DELETE' then
          for changed in select distinct album_id from old_rows loop
            perform pg_notify('collection_changed', changed.album_id || ':#');
          end loop;
        else
          for changed in select distinct album_id from new_rows loop
            perform pg_notify('collection_changed', changed.album_id || ':#');
          end loop;
        end if;
        return null;
      end $$;`);
    for (const [event, table] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      this.addSql(`create trigger "sticker_changed_${event}" after ${event} on "sticker"
        referencing ${table} for each statement execute function "sticker_changed"();`);
    }
  }

  override down(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "sticker_changed_${event}" on "sticker";`);
    this.addSql(`drop function if exists "sticker_changed"();`);
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "collection_changed_${event}" on "collection";`);
    this.addSql(`drop function if exists "collection_changed"();`);
  }
}
