-- The match index names stickers too (docs/decisions/018): a statement that adds, renumbers or deletes
-- stickers says 'album:#' for each album it touched.
create function sticker_changed() returns trigger language plpgsql as $$
  declare
    changed record;
  begin
    if tg_op = 'DELETE' then
      for changed in select distinct album_id from old_rows loop
        perform pg_notify('collection_changed', collection_changed_payload(changed.album_id, null));
      end loop;
    else
      for changed in select distinct album_id from new_rows loop
        perform pg_notify('collection_changed', collection_changed_payload(changed.album_id, null));
      end loop;
    end if;
    return null;
  end $$;

create trigger sticker_changed_insert after insert on sticker
  referencing new table as new_rows for each statement execute function sticker_changed();
create trigger sticker_changed_update after update on sticker
  referencing new table as new_rows for each statement execute function sticker_changed();
create trigger sticker_changed_delete after delete on sticker
  referencing old table as old_rows for each statement execute function sticker_changed();
