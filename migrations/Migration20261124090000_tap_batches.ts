import { Migration } from '@mikro-orm/migrations';

export class Migration20261124090000_tap_batches extends Migration {
  override name = 'Migration20261124090000_tap_batches';

  override up(): void | Promise<void> {
    // The taps that reach one app server together, written in one transaction (docs/decisions/019): one
    // commit, one wait for the disk and one NOTIFY turn for all of them. Each tap is `tap_sticker`'s,
    // rules and answer unchanged; the answer of the i-th tap comes back as `tap` = i (1-based).
    // The taps are taken album by album and, in an album, collector by collector (arrival order among
    // the taps of one collector, so the later tap is written later): every lock is then taken in one
    // order, album share locks before the collection rows of that album, rows in collector order, as the
    // swaps take them. Two batches, on this server or another, can never wait for each other in a circle.
    this.addSql(`create function "tap_stickers"(p_sessions text[], p_users int[], p_now timestamptz,
                                                p_stickers int[], p_statuses text[], p_spares int[],
                                                p_tapped_at double precision[], p_past_days int)
      returns table ("tap" int, "live" boolean, "status" text, "spares" int, "album_to_select" int,
                     "last_access" timestamptz)
      language plpgsql as $$
      #variable_conflict use_column
      declare
        t record;
        r record;
      begin
        for t in select i, p_sessions[i] as session_id, p_users[i] as user_id, p_stickers[i] as sticker_id,
                        p_statuses[i] as status, p_spares[i] as spares, p_tapped_at[i] as tapped_at
                   from generate_subscripts(p_users, 1) i
                   left join sticker s on s.id = p_stickers[i]
                  order by s.album_id nulls last, p_users[i], i loop
          select * into r from tap_sticker(t.session_id, t.user_id, p_now, t.sticker_id, t.status,
                                           t.spares, t.tapped_at, p_past_days);
          tap := t.i;
          live := r.live;
          status := r.status;
          spares := r.spares;
          album_to_select := r.album_to_select;
          last_access := r.last_access;
          return next;
        end loop;
      end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `drop function if exists "tap_stickers"(text[], int[], timestamptz, int[], text[], int[], double precision[], int);`,
    );
  }
}
