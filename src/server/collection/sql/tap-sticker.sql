-- One sticker tap in one call (docs/decisions/017): first the session, then the mark. The tap is made only
-- through a live session of an active collector (as src/server/auth/sessions.ts findLiveSession asks, with
-- the app server's clock `p_now`), else the answer is `live` false; then mark_stickers, the rule every
-- mark follows, with this one mark. Answers as mark_stickers does (status null: no such sticker), and the
-- collector's last recorded access, which the caller brings up to date when it is stale.
create function tap_sticker(p_session text, p_user int, p_now timestamptz, p_sticker int, p_status text,
                            p_spares int, p_tapped_at double precision, p_past_days int)
  returns table (live boolean, album int, status text, spares int, album_to_select int,
                 last_access timestamptz)
  language plpgsql as $$
  #variable_conflict use_column
  begin
    select u.last_login_at into last_access
      from user_session us join app_user o on o.id = us.user_id and o.is_active
      join app_user u on u.id = coalesce(us.profile_id, us.user_id)
     where us.id = p_session and coalesce(us.profile_id, us.user_id) = p_user and us.expires_at > p_now
       and u.is_active and (us.profile_id is null or u.parent_id = us.user_id);
    live := found;
    if live then
      select m.album, m.status, m.spares, m.album_to_select into album, status, spares, album_to_select
        from mark_stickers(p_user, array[p_sticker], array[p_status], array[p_spares], p_tapped_at,
                           p_past_days) m;
    end if;
    return next;
  end $$;
