-- The payload of a `collection_changed` notification (docs/decisions/018), written here only: 'album:user,user,…'
-- names the collectors whose collection of the album changed; more than 400 of them say 'album:*' (read the
-- whole album again; 400 ids stay well under NOTIFY's 8,000 bytes); no collectors (null) say 'album:#',
-- the album's stickers changed. The app server reads it back in src/server/db-events/.
create function collection_changed_payload(p_album int, p_users int[])
  returns text language sql immutable parallel safe as $$
  select p_album || ':' || case when p_users is null then '#'
                                when cardinality(p_users) > 400 then '*'
                                else array_to_string(p_users, ',') end
$$;
