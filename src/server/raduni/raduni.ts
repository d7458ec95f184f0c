import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type CreateRadunoInput,
  RADUNI_LISTED_MAX,
  RADUNO_DAYS_AHEAD_MAX,
  RADUNO_KEPT_DAYS,
  RADUNO_PLACES_MAX,
  type RadunoView,
} from '../../rpc/schemas/raduni.ts';
import { queueAlert } from '../alerts/alert-events.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { comuneOf } from '../geo/comuni-directory.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { verifiedSwapPoint } from '../swap-points/swap-points.ts';

export const RADUNO_NOT_FOUND_MESSAGE = 'Raduno non trovato';
export const ANNOUNCERS_ONLY_MESSAGE =
  'Solo un amministratore o un organizzatore del Punto Scambio può annunciare o annullare un raduno';
export const RADUNO_CANCELLED_MESSAGE = 'Il raduno è stato annullato';
export const RADUNO_ENDED_MESSAGE = 'Il raduno è finito';
export const ALBUM_NOT_OF_RADUNO_MESSAGE = 'Questo album non è tra quelli del raduno';

type Row = {
  id: number;
  title: string;
  kind: RadunoView['kind'];
  starts_at: Date;
  ends_at: Date;
  tables: number | null;
  cancelled: boolean;
  place_id: number;
  place_name: string;
  address: string;
  cap: string;
  comune: string;
  distance_km: number | null;
  going: number;
  mine: { condividi: boolean; tavolo: string; mostraQui: boolean; arrivato: string | null } | null;
  albums: { id: number; name: string }[] | null;
  organiser: boolean;
  checkin_token: string;
};

/** SQL: km from a collector's place (numbers written into the statement, checked as such) to the meet's place. */
function kmFrom(me: Pick<User, 'latitude' | 'longitude'>) {
  const [latitude, longitude] = [Number(me.latitude), Number(me.longitude)];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    throw new Error('a place without coordinates');
  return greatCircleKmSql(`${latitude}::float8`, `${longitude}::float8`, 'p.latitude', 'p.longitude');
}

/** SQL: whether the caller (`?` twice: admin flag, id) may run meets at a place. */
const announcerSql = (placeColumn: string) =>
  `(?::boolean or exists (select 1 from swap_point_organiser o where o.swap_point_id = ${placeColumn} and o.user_id = ?))`;

const selectViews = (me: Pick<User, 'latitude' | 'longitude'>) =>
  `select r.id, r.title, r.kind, r.starts_at, r.ends_at, r.tables, r.cancelled_at is not null as cancelled,
          p.id as place_id, p.name as place_name, p.address, p.cap, p.comune, ${kmFrom(me)} as distance_km,
          (select count(*)::int from raduno_participant x where x.raduno_id = r.id) as going,
          (select json_build_object('condividi', m.shares, 'tavolo', m.table_label, 'mostraQui', m.shows_here,
                                    'arrivato', to_char(m.checked_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             from raduno_participant m where m.raduno_id = r.id and m.user_id = ?) as mine,
          ${announcerSql('r.swap_point_id')} as organiser, r.checkin_token,
          (select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.position, a.id)
             from raduno_album ra join album a on a.id = ra.album_id where ra.raduno_id = r.id) as albums
     from raduno r join swap_point p on p.id = r.swap_point_id`;

function viewOf(row: Row): RadunoView {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    start: new Date(row.starts_at).toISOString(),
    end: new Date(row.ends_at).toISOString(),
    tables: row.tables,
    cancelled: row.cancelled,
    place: {
      id: row.place_id,
      name: row.place_name,
      address: row.address,
      comune: comuneOf(row.cap, row.comune)?.nome ?? null,
    },
    distanceKm: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 10) / 10,
    albums: row.albums ?? [],
    going: row.going,
    mine: row.mine,
    organiser: row.organiser,
    checkInToken: row.organiser ? row.checkin_token : null,
  };
}

/** One meet, to anyone logged in: a meet is public, like its place. */
export async function radunoFor(em: EntityManager, me: User, id: number): Promise<RadunoView> {
  const [row] = await em.execute<Row[]>(`${selectViews(me)} where r.id = ?`, [me.id, me.isAdmin, me.id, id]);
  if (!row) throw new DomainError('NOT_FOUND', RADUNO_NOT_FOUND_MESSAGE);
  return viewOf(row);
}

/**
 * `GET /api/raduni`: the coming meets within my radius for the albums I collect (and any I said I go to),
 * soonest first; and, for 'Com'è andata?', those I went to that ended in the last RADUNO_KEPT_DAYS days.
 */
export async function raduniNear(em: EntityManager, me: User, radiusKm = me.raggioKm): Promise<RadunoView[]> {
  const rows = await em.execute<Row[]>(
    `${selectViews(me)}
      where r.cancelled_at is null
        and ((r.ends_at > now() and ${kmFrom(me)} <= ?
              and exists (select 1 from raduno_album ra join collection c on c.album_id = ra.album_id and c.user_id = ?
                           where ra.raduno_id = r.id))
             or (r.ends_at > now() - make_interval(days => ?)
                 and exists (select 1 from raduno_participant m where m.raduno_id = r.id and m.user_id = ?)))
      order by r.starts_at, r.id
      limit ?`,
    [me.id, me.isAdmin, me.id, radiusKm, me.id, RADUNO_KEPT_DAYS, me.id, RADUNI_LISTED_MAX],
  );
  return rows.map(viewOf);
}

/** An admin announces anywhere; an organiser only at the places an admin verified them for. */
export async function isAnnouncer(em: EntityManager, me: User, placeId: number) {
  const [row] = await em.execute<{ yes: boolean }[]>(`select ${announcerSql('?')} as yes`, [
    me.isAdmin,
    placeId,
    me.id,
  ]);
  return row?.yes === true;
}

async function refuseNonAnnouncer(em: EntityManager, me: User, placeId: number) {
  if (!(await isAnnouncer(em, me, placeId))) throw new DomainError('FORBIDDEN', ANNOUNCERS_ONLY_MESSAGE);
}

/** 'Annuncia un raduno' (issue 46, row 1): at a verified place, for albums of the catalogue, in the future. */
export async function createRaduno(em: EntityManager, me: User, input: CreateRadunoInput, now = new Date()) {
  await refuseNonAnnouncer(em, me, input.puntoScambioId);
  await verifiedSwapPoint(em, input.puntoScambioId);
  if (input.start.getTime() <= now.getTime()) {
    throw new DomainError('BAD_REQUEST', "L'inizio del raduno deve essere nel futuro");
  }
  if (input.start.getTime() > now.getTime() + RADUNO_DAYS_AHEAD_MAX * 86_400_000) {
    throw new DomainError('BAD_REQUEST', 'Un raduno si annuncia al massimo un anno prima');
  }
  const albumIds = [...new Set(input.albumIds)];
  const id = await em.transactional(async (tx) => {
    const [found] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from album where id = any(string_to_array(?, ',')::int[])`,
      [albumIds.join(',')],
    );
    if (found?.n !== albumIds.length) throw new DomainError('BAD_REQUEST', 'Album non trovato');
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into raduno (swap_point_id, title, kind, starts_at, ends_at, tables, created_by_id)
       values (?, ?, ?, ?, ?, ?, ?) returning id`,
      [input.puntoScambioId, input.title, input.kind, input.start, input.end, input.tables ?? null, me.id],
    );
    const radunoId = (row as { id: number }).id;
    await tx.execute(
      `insert into raduno_album (raduno_id, album_id)
       select ?, unnest(string_to_array(?, ',')::int[])`,
      [radunoId, albumIds.join(',')],
    );
    return radunoId;
  });
  return radunoFor(em, me, id);
}

/** The meet's row for a change: unknown → 404; cancelled or over → 410. */
export async function openRaduno(em: EntityManager, id: number, now = new Date()) {
  const [row] = await em.execute<
    { starts_at: Date; ends_at: Date; cancelled: boolean; swap_point_id: number }[]
  >(
    'select starts_at, ends_at, cancelled_at is not null as cancelled, swap_point_id from raduno where id = ?',
    [id],
  );
  if (!row) throw new DomainError('NOT_FOUND', RADUNO_NOT_FOUND_MESSAGE);
  if (row.cancelled) throw new DomainError('GONE', RADUNO_CANCELLED_MESSAGE);
  if (new Date(row.ends_at).getTime() <= now.getTime()) throw new DomainError('GONE', RADUNO_ENDED_MESSAGE);
  return { startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at), placeId: row.swap_point_id };
}

/** 'Annulla il raduno': its announcer's place's organiser or an admin, before it ends. */
export async function cancelRaduno(em: EntityManager, me: User, id: number) {
  const raduno = await openRaduno(em, id);
  await refuseNonAnnouncer(em, me, raduno.placeId);
  await em.transactional(async (tx) => {
    const cancelled = await tx.execute<{ id: number }[]>(
      'update raduno set cancelled_at = now() where id = ? and cancelled_at is null returning id',
      [id],
    );
    if (cancelled.length === 0) return;
    // Everyone going is told (row 1), through their alerts, in this transaction.
    const going = await tx.execute<{ user_id: number }[]>(
      'select user_id from raduno_participant where raduno_id = ?',
      [id],
    );
    for (const { user_id } of going) {
      await queueAlert(tx, { kind: 'raduno', radunoId: id, recipientId: user_id, moment: 'annullato' });
    }
  });
  return radunoFor(em, me, id);
}

/**
 * 'Annuncia un raduno': the verified places where I may announce — the ones an admin verified me for; for
 * an admin, every verified place (at most RADUNO_PLACES_MAX, by name).
 */
export async function announcePlaces(em: EntityManager, me: User) {
  const places = await em.execute<{ id: number; name: string; cap: string; comune: string }[]>(
    `select p.id, p.name, p.cap, p.comune from swap_point p
      where p.state = 'verificato'
        and (?::boolean or exists (select 1 from swap_point_organiser o where o.swap_point_id = p.id and o.user_id = ?))
      order by p.name, p.id limit ?`,
    [me.isAdmin, me.id, RADUNO_PLACES_MAX],
  );
  return places.map((place) => ({
    id: place.id,
    name: place.name,
    comune: comuneOf(place.cap, place.comune)?.nome ?? '',
  }));
}

/** The admin verifies a collector as an organiser of a place (a newsstand owner), or stops it. */
export async function setOrganiser(em: EntityManager, placeId: number, userId: number, organiser: boolean) {
  await verifiedSwapPoint(em, placeId);
  if (!organiser) {
    await em.execute('delete from swap_point_organiser where swap_point_id = ? and user_id = ?', [
      placeId,
      userId,
    ]);
    return { ok: true } as const;
  }
  const [user] = await em.execute(
    'select 1 from app_user where id = ? and is_active and deleted_at is null',
    [userId],
  );
  if (!user) throw new DomainError('NOT_FOUND', 'Utente non trovato');
  await em.execute(
    'insert into swap_point_organiser (swap_point_id, user_id) values (?, ?) on conflict do nothing',
    [placeId, userId],
  );
  return { ok: true } as const;
}

/**
 * The album a pool or a count is about: the one asked; else my open one if it is the meet's; else the
 * first of the meet's that I collect, else its first.
 */
export async function radunoAlbum(
  em: EntityManager,
  me: User,
  input: { id: number; albumId?: number | undefined },
) {
  const albums = await em.execute<{ id: number; name: string }[]>(
    `select a.id, a.name from raduno_album ra join album a on a.id = ra.album_id
      where ra.raduno_id = ?
      order by exists (select 1 from collection c where c.album_id = a.id and c.user_id = ?) desc, a.position, a.id`,
    [input.id, me.id],
  );
  const wanted = input.albumId ?? me.albumSelezionato;
  const album =
    albums.find((one) => one.id === wanted) ?? (input.albumId === undefined ? albums[0] : undefined);
  if (!album) throw new DomainError('BAD_REQUEST', ALBUM_NOT_OF_RADUNO_MESSAGE);
  return album;
}
