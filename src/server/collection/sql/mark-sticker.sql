-- The mark rule (docs/decisions/023): every path that marks a sticker comes here, a tap (tap_sticker), fast
-- entry and a swap's completion (mark_stickers). The steps and locks of decision 004 and the rules of
-- decisions 013 and 015: the album row share-locked (the admin's album-wide changes wait for the mark, or
-- the mark for them), the collector's row created if missing and locked; the mark's time recorded unless a
-- later mark is there (`p_tapped_at`, epoch ms by the device's clock, bounded by the database's now, read
-- after the row lock so marks without a time are ordered as they are written); only then the two bits set
-- in place, the spares written and the reserved bitmap recomputed.
-- Spares: `p_spares` (1–99) for a double; without it a sticker that becomes a double has one spare and a
-- double stays with the spares it has; a sticker that stops being a double starts again from one.
-- Answers the album, the sticker's status now (null: no such sticker or collector), its spares when a
-- double, whether this mark was written, and the album when it was written while the collector has no
-- album chosen for matches (the caller chooses it after its transaction: updating app_user while holding
-- the collection row could deadlock with a profile change, whose trigger updates collection).
create function mark_sticker(p_user int, p_sticker int, p_status text, p_spares int,
                             p_tapped_at double precision, p_past_days int)
  returns table (album int, status text, spares int, written boolean, album_to_select int)
  language plpgsql as $$
  #variable_conflict use_column
  declare
    v_no_album boolean;
    v_album int;
    v_slot int;
    v_owned boolean;
    v_double boolean;
    v_now timestamptz;
    v_spares int;
  begin
    if p_status not in ('no', 'yes', 'double') then
      raise exception 'mark_sticker: unknown status %', p_status;
    end if;
    select s.album_id, s.slot, u.album_selezionato is null into v_album, v_slot, v_no_album
      from sticker s join album a on a.id = s.album_id join app_user u on u.id = p_user
     where s.id = p_sticker
       for share of a;
    if not found then
      return next;
      return;
    end if;
    album := v_album;
    written := false;

    select case when v_slot < length(c.owned) then get_bit(c.owned, v_slot) = 1 else false end,
           case when v_slot < length(c.doubles) then get_bit(c.doubles, v_slot) = 1 else false end
      into v_owned, v_double
      from collection c where c.user_id = p_user and c.album_id = v_album for update;
    if not found then
      insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
      select u.id, a.id, repeat('0', a.slot_capacity)::varbit, repeat('0', a.slot_capacity)::varbit,
             u.latitude, u.longitude, u.is_active
        from album a cross join app_user u where a.id = v_album and u.id = p_user
      on conflict (user_id, album_id) do nothing;
      select case when v_slot < length(c.owned) then get_bit(c.owned, v_slot) = 1 else false end,
             case when v_slot < length(c.doubles) then get_bit(c.doubles, v_slot) = 1 else false end
        into v_owned, v_double
        from collection c where c.user_id = p_user and c.album_id = v_album for update;
      if not found then
        status := 'no';
        return next;
        return;
      end if;
    end if;

    v_now := clock_timestamp();
    insert into sticker_mark (user_id, sticker_id, marked_at)
    select p_user, s.id, least(greatest(coalesce(to_timestamp(p_tapped_at / 1000), v_now),
                                        v_now - make_interval(days => p_past_days)), v_now)
      from sticker s where s.id = p_sticker
    on conflict (user_id, sticker_id) do update set marked_at = excluded.marked_at
     where sticker_mark.marked_at <= excluded.marked_at
    returning true into written;

    if written is null then
      -- A later mark won: the answer is the status it left.
      written := false;
      if not v_owned then
        status := 'no';
      elsif not v_double then
        status := 'yes';
      else
        status := 'double';
        spares := coalesce((select sp.spares from sticker_spare sp
                             where sp.user_id = p_user and sp.sticker_id = p_sticker), 1);
      end if;
      return next;
      return;
    end if;

    if p_status = 'double' then
      if p_spares is not null then
        v_spares := p_spares;
      elsif not v_double then
        v_spares := 1;
      end if;
    elsif v_double then
      v_spares := 1;
    end if;
    if v_spares >= 2 then
      insert into sticker_spare (user_id, sticker_id, spares) values (p_user, p_sticker, v_spares)
      on conflict (user_id, sticker_id) do update set spares = excluded.spares;
    elsif v_spares = 1 then
      delete from sticker_spare sp where sp.user_id = p_user and sp.sticker_id = p_sticker;
    end if;

    update collection c
       set owned = set_bit(c.owned, v_slot, case when p_status = 'no' then 0 else 1 end),
           doubles = set_bit(c.doubles, v_slot, case when p_status = 'double' then 1 else 0 end),
           updated_at = now(),
           reserved = reserved_bitmap(c.user_id, c.album_id, c.reserved, length(c.owned))
     where c.user_id = p_user and c.album_id = v_album;

    status := p_status;
    if p_status = 'double' then
      spares := coalesce(v_spares, (select sp.spares from sticker_spare sp
                                     where sp.user_id = p_user and sp.sticker_id = p_sticker), 1);
    end if;
    if p_status <> 'no' and v_no_album then
      album_to_select := v_album;
    end if;
    return next;
  end $$;
