-- The mark rule (docs/decisions/023): every path that marks stickers comes here, a tap and a batch of taps
-- (tap_sticker, after the session check), fast entry and a swap's completion. Any number of marks of one
-- collector, made at one time (`p_tapped_at`, epoch ms by the device's clock, null: now), each answered
-- as `mark` = its 1-based position in the arrays.
-- The steps and locks of decision 004 and the rules of decisions 013 and 015, album by album in album
-- order (the order every writer takes its locks in): the album row share-locked (the admin's album-wide
-- changes wait for the marks, or the marks for them), the collector's row created if missing and locked;
-- then, mark by mark in the order given, the mark's time recorded unless a later mark is there (bounded
-- by the database's now, read after the row lock, so marks without a time are ordered as they are
-- written), the spares written and both bits set on the row as read; last, the row written once with its
-- reserved bitmap recomputed: a hundred marks of fast entry cost one row version, as one tap does.
-- Spares: `p_spares[i]` (1–99) for a double; without it a sticker that becomes a double has one spare and
-- a double stays with the spares it has; a sticker that stops being a double starts again from one.
-- Answers the album, the sticker's status now (null: no such sticker or collector), its spares when a
-- double, whether the mark was written, and the album when it was written while the collector has no
-- album chosen for matches (the caller chooses it after its transaction: updating app_user while holding
-- the collection row could deadlock with a profile change, whose trigger updates collection).
-- The row's one update per album notifies through collection_changed's trigger, unless a batch of taps
-- has set it aside (tap_stickers notifies for the whole batch).
create function mark_stickers(p_user int, p_stickers int[], p_statuses text[], p_spares int[],
                              p_tapped_at double precision, p_past_days int)
  returns table (mark int, album int, status text, spares int, written boolean, album_to_select int)
  language plpgsql as $$
  #variable_conflict use_column
  declare
    v_order int[];
    i int;
    v_status text;
    v_sticker_album int;
    v_slot int;
    v_no_album boolean;
    v_album int;
    v_owned varbit;
    v_doubles varbit;
    v_was_owned boolean;
    v_was_double boolean;
    v_now timestamptz;
    v_won boolean;
    v_spares int;
    v_changed boolean := false;
  begin
    -- Album by album in album order, in the order given within an album; no such sticker last. (One mark,
    -- a tap, needs no ordering.)
    if cardinality(p_stickers) = 1 then
      v_order := '{1}';
    else
      v_order := array(select t.i from unnest(p_stickers) with ordinality as t(sticker_id, i)
                         left join sticker s on s.id = t.sticker_id
                        order by s.album_id nulls last, t.i);
    end if;
    foreach i in array v_order loop
      v_status := p_statuses[i];
      if v_status is null or v_status not in ('no', 'yes', 'double') then
        raise exception 'mark_stickers: unknown status %', v_status;
      end if;
      mark := i;
      album := null;
      status := null;
      spares := null;
      written := false;
      album_to_select := null;
      -- The sticker, its album share-locked (taken again for each mark of the album: a no-op once held).
      select s.album_id, s.slot, (select u.album_selezionato is null from app_user u where u.id = p_user)
        into v_sticker_album, v_slot, v_no_album
        from sticker s join album al on al.id = s.album_id
       where s.id = p_stickers[i]
         for share of al;
      if not found or v_no_album is null then
        -- No such sticker, or no such collector.
        return next;
        continue;
      end if;

      if v_album is distinct from v_sticker_album then
        if v_changed then
          update collection c
             set owned = v_owned, doubles = v_doubles, updated_at = now(),
                 reserved = reserved_bitmap(c.user_id, c.album_id, c.reserved, length(v_owned))
           where c.user_id = p_user and c.album_id = v_album;
          v_changed := false;
        end if;
        v_album := v_sticker_album;
        select c.owned, c.doubles into v_owned, v_doubles
          from collection c where c.user_id = p_user and c.album_id = v_album for update;
        if not found then
          insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
          select u.id, al.id, repeat('0', al.slot_capacity)::varbit, repeat('0', al.slot_capacity)::varbit,
                 u.latitude, u.longitude, u.is_active
            from album al cross join app_user u where al.id = v_album and u.id = p_user
          on conflict (user_id, album_id) do nothing;
          select c.owned, c.doubles into v_owned, v_doubles
            from collection c where c.user_id = p_user and c.album_id = v_album for update;
        end if;
        v_now := clock_timestamp();
      end if;
      album := v_album;
      if v_owned is null then
        -- The collector has gone meanwhile.
        status := 'no';
        return next;
        continue;
      end if;
      v_was_owned := case when v_slot < length(v_owned) then get_bit(v_owned, v_slot) = 1 else false end;
      v_was_double := case when v_slot < length(v_doubles) then get_bit(v_doubles, v_slot) = 1 else false end;

      v_won := null;
      insert into sticker_mark (user_id, sticker_id, marked_at)
      values (p_user, p_stickers[i], least(greatest(coalesce(to_timestamp(p_tapped_at / 1000), v_now),
                                                    v_now - make_interval(days => p_past_days)), v_now))
      on conflict (user_id, sticker_id) do update set marked_at = excluded.marked_at
       where sticker_mark.marked_at <= excluded.marked_at
      returning true into v_won;

      if v_won is null then
        -- A later mark won: the answer is the status it left.
        if not v_was_owned then
          status := 'no';
        elsif not v_was_double then
          status := 'yes';
        else
          status := 'double';
          spares := coalesce((select sp.spares from sticker_spare sp
                               where sp.user_id = p_user and sp.sticker_id = p_stickers[i]), 1);
        end if;
        return next;
        continue;
      end if;

      v_spares := null;
      if v_status = 'double' then
        if p_spares[i] is not null then
          v_spares := p_spares[i];
        elsif not v_was_double then
          v_spares := 1;
        end if;
      elsif v_was_double then
        v_spares := 1;
      end if;
      if v_spares >= 2 then
        insert into sticker_spare (user_id, sticker_id, spares) values (p_user, p_stickers[i], v_spares)
        on conflict (user_id, sticker_id) do update set spares = excluded.spares;
      elsif v_spares = 1 then
        delete from sticker_spare sp where sp.user_id = p_user and sp.sticker_id = p_stickers[i];
      end if;

      v_owned := set_bit(v_owned, v_slot, case when v_status = 'no' then 0 else 1 end);
      v_doubles := set_bit(v_doubles, v_slot, case when v_status = 'double' then 1 else 0 end);
      v_changed := true;

      written := true;
      status := v_status;
      if v_status = 'double' then
        spares := coalesce(v_spares, (select sp.spares from sticker_spare sp
                                       where sp.user_id = p_user and sp.sticker_id = p_stickers[i]), 1);
      end if;
      if v_status <> 'no' and v_no_album then
        album_to_select := v_album;
      end if;
      return next;
    end loop;

    if v_changed then
      update collection c
         set owned = v_owned, doubles = v_doubles, updated_at = now(),
             reserved = reserved_bitmap(c.user_id, c.album_id, c.reserved, length(v_owned))
       where c.user_id = p_user and c.album_id = v_album;
    end if;
  end $$;
