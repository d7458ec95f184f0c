-- Many marks of one collector in one call, each by the mark rule (mark_sticker): fast entry and a swap's
-- completion (docs/decisions/023). One time for all of them (`p_tapped_at`, null: now). Stickers are taken
-- album by album, in the order given within an album, so the locks are taken in the order every writer
-- takes them. The per-statement notification of decision 018 steps aside meanwhile; one notification per
-- album written names the collector at the end. Answers one row per sticker, in the order given
-- (`mark` = its 1-based position), as mark_sticker answers it.
create function mark_stickers(p_user int, p_stickers int[], p_statuses text[], p_spares int[],
                              p_tapped_at double precision, p_past_days int)
  returns table (mark int, album int, status text, spares int, written boolean, album_to_select int)
  language plpgsql as $$
  #variable_conflict use_column
  declare
    t record;
    r record;
    v_albums int[] := '{}';
    v_aside text := coalesce(current_setting('scambio.tap_batch', true), '');
    v_album int;
  begin
    perform set_config('scambio.tap_batch', 'on', true);
    for t in select i, p_stickers[i] as sticker_id
               from generate_subscripts(p_stickers, 1) i
               left join sticker s on s.id = p_stickers[i]
              order by s.album_id nulls last, i loop
      select * into r from mark_sticker(p_user, t.sticker_id, p_statuses[t.i], p_spares[t.i], p_tapped_at,
                                        p_past_days);
      if r.written and not r.album = any(v_albums) then
        v_albums := v_albums || r.album;
      end if;
      mark := t.i;
      album := r.album;
      status := r.status;
      spares := r.spares;
      written := r.written;
      album_to_select := r.album_to_select;
      return next;
    end loop;
    perform set_config('scambio.tap_batch', v_aside, true);
    foreach v_album in array v_albums loop
      perform pg_notify('collection_changed', collection_changed_payload(v_album, array[p_user]));
    end loop;
  end $$;
