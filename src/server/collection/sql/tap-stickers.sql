-- The taps that reach one app server together, written in one transaction (docs/decisions/019): one commit,
-- one wait for the disk and one NOTIFY turn for all of them. Each tap is tap_sticker's, rules and answer
-- unchanged; the answer of the i-th tap comes back as `tap` = i (1-based).
-- The taps are taken album by album and, in an album, collector by collector (arrival order among the taps
-- of one collector, so the later tap is written later): every lock is then taken in one order, album share
-- locks before the collection rows of that album, rows in collector order, as the swaps take them. Two
-- batches, on this server or another, can never wait for each other in a circle.
-- Inside a batch the per-statement notification of decision 018 steps aside: the batch sends one
-- notification per album when its taps are written, naming their collectors, instead of one per tap (its
-- transition table and call cost a tenth of a tap in the database). `scambio.tap_batch` is set for the
-- batch only (transaction-local, cleared at its end), so every other write still notifies.
create function tap_stickers(p_sessions text[], p_users int[], p_now timestamptz, p_stickers int[],
                             p_statuses text[], p_spares int[], p_tapped_at double precision[],
                             p_past_days int)
  returns table (tap int, live boolean, status text, spares int, album_to_select int,
                 last_access timestamptz)
  language plpgsql as $$
  #variable_conflict use_column
  declare
    t record;
    r record;
    v_written int[] := '{}';
    v_albums int[] := '{}';
    changed record;
  begin
    perform set_config('scambio.tap_batch', 'on', true);
    for t in select i, s.album_id, p_sessions[i] as session_id, p_users[i] as user_id,
                    p_stickers[i] as sticker_id, p_statuses[i] as status, p_spares[i] as spares,
                    p_tapped_at[i] as tapped_at
               from generate_subscripts(p_users, 1) i
               left join sticker s on s.id = p_stickers[i]
              order by s.album_id nulls last, p_users[i], i loop
      select * into r from tap_sticker(t.session_id, t.user_id, p_now, t.sticker_id, t.status,
                                       t.spares, t.tapped_at, p_past_days);
      if r.live and r.status is not null then
        v_written := v_written || t.user_id;
        v_albums := v_albums || t.album_id;
      end if;
      tap := t.i;
      live := r.live;
      status := r.status;
      spares := r.spares;
      album_to_select := r.album_to_select;
      last_access := r.last_access;
      return next;
    end loop;
    perform set_config('scambio.tap_batch', '', true);
    -- What collection_changed would have said, once per album (a collector who tapped and lost to a later
    -- mark is named too: the index reads the row again and finds it unchanged).
    for changed in select w.album_id, array_agg(distinct w.user_id) as users
                     from unnest(v_albums, v_written) as w(album_id, user_id) group by w.album_id loop
      perform pg_notify('collection_changed', collection_changed_payload(changed.album_id, changed.users));
    end loop;
  end $$;
