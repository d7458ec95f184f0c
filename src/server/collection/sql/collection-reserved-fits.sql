-- Keeps `reserved` as long as `owned` (docs/decisions/015): new rows start with nothing reserved, and a
-- bitmap padded when an album grows gets its reserved bits padded too.
create function collection_reserved_fits() returns trigger language plpgsql as $$
  begin
    if new.reserved is null then
      new.reserved := repeat('0', length(new.owned))::varbit;
    elsif length(new.reserved) < length(new.owned) then
      new.reserved := new.reserved || repeat('0', length(new.owned) - length(new.reserved))::varbit;
    end if;
    return new;
  end $$;

create trigger collection_reserved_fits before insert or update on collection
  for each row execute function collection_reserved_fits();
