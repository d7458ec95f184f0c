-- The match search reads collections alone: each carries its collector's place and whether they are
-- active (docs/decisions/005). The copies follow app_user in the same transaction, whoever changes it
-- (profile, admin, SQL).
create function collection_follow_user() returns trigger language plpgsql as $$
  begin
    update collection set latitude = new.latitude, longitude = new.longitude, active = new.is_active
     where user_id = new.id;
    return new;
  end $$;

create trigger app_user_collection_follow after update of latitude, longitude, is_active on app_user
  for each row when (old.latitude is distinct from new.latitude or old.longitude is distinct from new.longitude
                     or old.is_active is distinct from new.is_active)
  execute function collection_follow_user();
