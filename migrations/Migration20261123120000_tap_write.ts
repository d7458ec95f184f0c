import { Migration } from '@mikro-orm/migrations';

export class Migration20261123120000_tap_write extends Migration {
  override name = 'Migration20261123120000_tap_write';

  override up(): void | Promise<void> {
    // The `reserved` bitmap a collector's accepted swaps make (docs/decisions/015): bit `slot` set when
    // the swaps giving that sticker hold all of its spares. `current` comes back as it is when nothing
    // is reserved and nothing was, so a collector without accepted swaps costs one index probe (in
    // PL/pgSQL, whose plans are kept: as a plain SQL function it was planned whole at every call, about
    // 0.2 ms). One definition for the tap (below) and for swaps (src/server/collection/reserved.ts).
    this.addSql(`create function "reserved_bitmap"(p_user int, p_album int, p_current varbit, p_length int)
      returns varbit language plpgsql stable as $$
      begin
        if bit_count(p_current) = 0 and not exists (
          select 1 from swap_item i join swap w on w.id = i.swap_id and w.status = 'accettato'
           where i.giver_id = p_user and w.album_id = p_album) then
          return p_current;
        end if;
        return coalesce((
          select string_agg(case when held.slot is null then '0' else '1' end, '' order by n)::varbit
            from generate_series(0, p_length - 1) n
            left join (
              select s.slot
                from swap_item i
                join swap w on w.id = i.swap_id and w.status = 'accettato'
                join sticker s on s.id = i.sticker_id
                left join sticker_spare sp on sp.user_id = i.giver_id and sp.sticker_id = i.sticker_id
               where i.giver_id = p_user and w.album_id = p_album
               group by s.slot, sp.spares
              having count(*) >= coalesce(sp.spares, 1)
            ) held on held.slot = n
        ), ''::varbit);
      end $$;`);

    // One sticker tap in one call (docs/decisions/017). First the session: the tap is made only through
    // a live session of an active collector (as src/server/auth/sessions.ts findLiveSession asks, with
    // the app server's clock `p_now`), else the answer is `live` false. Then the steps and locks of
    // decision 004 and the rules of decisions 013 and 015: the collector's row is created if missing
    // (album share-locked, so its length is the album's) and locked; the tap's time is recorded unless a
    // later mark is there; only then the two bits are set in place, the spares written, and the reserved
    // bitmap recomputed. Answers the sticker's status now (null: no such sticker) and its spares when a
    // double; the album when the tap was written while the collector has no album chosen for matches
    // (the caller chooses it after this transaction, as before: updating app_user while holding the
    // collection row could deadlock with a profile change, whose trigger updates collection); and the
    // collector's last recorded access, which the caller brings up to date when it is stale.
    this.addSql(`create function "tap_sticker"(p_session text, p_user int, p_now timestamptz, p_sticker int,
                                               p_status text, p_spares int, p_tapped_at double precision,
                                               p_past_days int)
      returns table ("live" boolean, "status" text, "spares" int, "album_to_select" int,
                     "last_access" timestamptz)
      language plpgsql as $$
      #variable_conflict use_column
      declare
        v_no_album boolean;
        v_album int;
        v_slot int;
        v_owned boolean;
        v_double boolean;
        v_now timestamptz;
        v_won boolean;
        v_spares int;
      begin
        if p_status not in ('no', 'yes', 'double') then
          raise exception 'tap_sticker: unknown status %', p_status;
        end if;
        -- The session and the sticker in one lookup, the album row share-locked as every write of a
        -- collection does (decision 004): the admin's album-wide changes (growing the bitmaps, emptying
        -- or deleting the album) wait for the tap, or the tap for them, never each for the other.
        select u.last_login_at, u.album_selezionato is null, s.album_id, s.slot
          into last_access, v_no_album, v_album, v_slot
          from user_session us join app_user u on u.id = us.user_id
          join sticker s on s.id = p_sticker join album a on a.id = s.album_id
         where us.id = p_session and us.user_id = p_user and us.expires_at > p_now and u.is_active
           for share of a;
        if not found then
          -- No live session, or no such sticker (status stays null): which one?
          select u.last_login_at into last_access
            from user_session us join app_user u on u.id = us.user_id
           where us.id = p_session and us.user_id = p_user and us.expires_at > p_now and u.is_active;
          live := found;
          return next;
          return;
        end if;
        live := true;

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

        -- The tap's time is bounded by the server's now, read after the row lock: taps without a time
        -- of their own are ordered as they are written (decision 013).
        v_now := clock_timestamp();
        insert into sticker_mark (user_id, sticker_id, marked_at)
        select p_user, s.id, least(greatest(coalesce(to_timestamp(p_tapped_at / 1000), v_now),
                                            v_now - make_interval(days => p_past_days)), v_now)
          from sticker s where s.id = p_sticker
        on conflict (user_id, sticker_id) do update set marked_at = excluded.marked_at
         where sticker_mark.marked_at <= excluded.marked_at
        returning true into v_won;

        if v_won is null then
          -- A later mark won: the answer is the status it left.
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

        -- A double's spares as the tap says (one: no row); a sticker that stops being a double starts
        -- again from one spare (decision 015).
        if p_status = 'double' then
          v_spares := coalesce(p_spares, 1);
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
          spares := v_spares;
        end if;
        if p_status <> 'no' and v_no_album then
          album_to_select := v_album;
        end if;
        return next;
      end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `drop function if exists "tap_sticker"(text, int, timestamptz, int, text, int, double precision, int);`,
    );
    this.addSql(`drop function if exists "reserved_bitmap"(int, int, varbit, int);`);
  }
}
