-- The `reserved` bitmap a collector's accepted swaps make (docs/decisions/015): bit `slot` set when the swaps
-- giving that sticker hold all of its spares. `current` comes back as it is when nothing is reserved and
-- nothing was, so a collector without accepted swaps costs one index probe (in PL/pgSQL, whose plans are
-- kept: as a plain SQL function it was planned whole at every call, about 0.2 ms). One definition for a
-- mark (mark_stickers) and for swaps (src/server/collection/reserved.ts).
create function reserved_bitmap(p_user int, p_album int, p_current varbit, p_length int)
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
  end $$;
