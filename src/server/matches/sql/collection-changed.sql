-- Every app server keeps the match search's collections in memory (docs/decisions/018) and re-reads what
-- changed on word from here, whoever wrote it: a tap, a swap's reservation, an admin deleting a sticker, a
-- collector moving. One notification per album a statement touched, sent when the transaction commits,
-- never before its rows are visible. Inside a batch of marks (mark_stickers, tap_stickers) it steps aside:
-- the batch sends one notification per album itself (docs/decisions/019).
-- (Each branch reads the transition table its event has: plpgsql plans a statement when it first runs.)
create function collection_changed() returns trigger language plpgsql as $$
  declare
    changed record;
  begin
    if current_setting('scambio.tap_batch', true) = 'on' then return null; end if;
    if tg_op = 'DELETE' then
      for changed in select album_id, array_agg(user_id) as users from old_rows group by album_id loop
        perform pg_notify('collection_changed', collection_changed_payload(changed.album_id, changed.users));
      end loop;
    else
      for changed in select album_id, array_agg(user_id) as users from new_rows group by album_id loop
        perform pg_notify('collection_changed', collection_changed_payload(changed.album_id, changed.users));
      end loop;
    end if;
    return null;
  end $$;

create trigger collection_changed_insert after insert on collection
  referencing new table as new_rows for each statement execute function collection_changed();
create trigger collection_changed_update after update on collection
  referencing new table as new_rows for each statement execute function collection_changed();
create trigger collection_changed_delete after delete on collection
  referencing old table as old_rows for each statement execute function collection_changed();
