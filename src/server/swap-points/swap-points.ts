import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, type BirthColumns, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { distanceBandKm } from '../../rpc/schemas/place.ts';
import {
  type OpeningInterval,
  SWAP_POINTS_LISTED_MAX,
  type SwapPointKind,
  type SwapPointState,
  type SwapPointView,
} from '../../rpc/schemas/swap-points.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { locateCap } from '../geo/cap-location.ts';
import { comuneOf } from '../geo/comuni-directory.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { hiddenByAge } from '../matches/hidden-minors.ts';
import { MATCH_USER_NOT_FOUND_MESSAGE } from '../matches/matches.ts';

export const SWAP_POINT_NOT_FOUND_MESSAGE = 'Punto Scambio non trovato';
/** A collector's suggestions waiting for an admin, at most: enough for a neighbourhood, not a flood. */
export const PENDING_SUGGESTIONS_MAX = 5;
// Any constant of our own, with the collector's id: serialises their suggestions.
const SUGGESTIONS_LOCK = 72_410_047;
const PENDING_SUGGESTIONS_MESSAGE = `Hai già ${PENDING_SUGGESTIONS_MAX} Punti Scambio in attesa di verifica: aspetta che un amministratore li controlli`;

export type SwapPointFields = {
  name: string;
  kind: SwapPointKind;
  address: string;
  cap: string;
  comune?: string;
  openingHours: OpeningInterval[];
  note: string;
};

type Row = {
  id: number;
  name: string;
  kind: SwapPointKind;
  address: string;
  cap: string;
  comune: string;
  opening_hours: OpeningInterval[];
  note: string;
  state: SwapPointState;
  distance_km: number | null;
  suggested_by: string | null;
  created_at: Date;
};

const COLUMNS = `p.id, p.name, p.kind, p.address, p.cap, p.comune, p.opening_hours, p.note, p.state, p.created_at`;

/** The week in order: Monday first, each day's openings by their start. */
const inWeekOrder = (hours: OpeningInterval[]) =>
  [...hours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));

function viewOf(row: Row): SwapPointView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    address: row.address,
    cap: row.cap,
    comune: comuneOf(row.cap, row.comune)?.nome ?? null,
    openingHours: inWeekOrder(row.opening_hours),
    note: row.note,
    state: row.state,
    distanceKm: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 10) / 10,
  };
}

type Point = { latitude: number | string; longitude: number | string };

/** SQL: the distance in km from a point (numbers written into the statement, checked as such) to the place. */
function distanceFrom(point: Point) {
  const [latitude, longitude] = [Number(point.latitude), Number(point.longitude)];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    throw new Error('a point without coordinates');
  return greatCircleKmSql(`${latitude}::float8`, `${longitude}::float8`, 'p.latitude', 'p.longitude');
}

/**
 * The verified places within `radiusKm` of me, nearest first; with `other`, also within `other.radiusKm` of
 * them (the places a proposal between us may name). Distances are from me.
 */
export async function swapPointsNear(
  em: EntityManager,
  me: Pick<User, 'latitude' | 'longitude' | 'raggioKm'>,
  radiusKm = me.raggioKm,
  other?: Point & { radiusKm: number },
): Promise<SwapPointView[]> {
  const rows = await em.execute<Row[]>(
    `select ${COLUMNS}, ${distanceFrom(me)} as distance_km
       from swap_point p
      where p.state = 'verificato' and ${distanceFrom(me)} <= ?
        ${other ? `and ${distanceFrom(other)} <= ?` : ''}
      order by distance_km, p.id
      limit ?`,
    other ? [radiusKm, other.radiusKm, SWAP_POINTS_LISTED_MAX] : [radiusKm, SWAP_POINTS_LISTED_MAX],
  );
  return rows.map(viewOf);
}

/**
 * `GET /api/punti-scambio`: near me, or near both of us when `withUserId` names a collector I could
 * propose a swap to. Anyone else — inactive, blocked either way, hidden from me by our ages — is not
 * found, exactly as an id nobody has, so the list tells no one where a hidden minor lives.
 */
export async function swapPointsFor(
  em: EntityManager,
  me: User,
  input: { radiusKm?: number; withUserId?: number },
) {
  if (input.withUserId === undefined) return swapPointsNear(em, me, input.radiusKm);
  const [other] = await em.execute<
    (BirthColumns & { visibleToAdults: boolean; latitude: number; longitude: number; blocked: boolean })[]
  >(
    `select u.birth_year as "birthYear", u.birth_month as "birthMonth", u.visible_to_adults as "visibleToAdults",
            u.latitude, u.longitude, ${blockedEitherWaySql('?', 'u.id')} as blocked
       from app_user u where u.id = ? and u.is_active and u.id <> ?`,
    [me.id, me.id, input.withUserId, me.id],
  );
  if (!other || other.blocked || hiddenByAge(me, other)) {
    throw new DomainError('NOT_FOUND', MATCH_USER_NOT_FOUND_MESSAGE);
  }
  // Around a minor, never a finer circle than the bands their distance shows in (issue 45, row 6): a 1 km
  // radius would tell which comune's places are theirs.
  const radiusKm = input.radiusKm ?? me.raggioKm;
  const aroundThem = isMinor(ageBandOfUser(other)) ? distanceBandKm(radiusKm) : radiusKm;
  return swapPointsNear(em, me, radiusKm, { ...other, radiusKm: aroundThem });
}

/**
 * One place, for its page: a verified or closed one to any collector, a suggestion only to whoever made it
 * (and to admins). Anything else is not found, as an id nobody has.
 */
export async function swapPointFor(em: EntityManager, me: User, id: number): Promise<SwapPointView> {
  const [row] = await em.execute<Row[]>(
    `select ${COLUMNS}, ${distanceFrom(me)} as distance_km
       from swap_point p
      where p.id = ? and (p.state <> 'proposto' or p.suggested_by_id = ? or ?)`,
    [id, me.id, me.isAdmin],
  );
  if (!row) throw new DomainError('NOT_FOUND', SWAP_POINT_NOT_FOUND_MESSAGE);
  return viewOf(row);
}

/** A verified place's opening hours, for a proposal that names it; a 400 for any other id. */
export async function verifiedSwapPoint(em: EntityManager, id: number) {
  const [row] = await em.execute<{ id: number; opening_hours: OpeningInterval[] }[]>(
    `select id, opening_hours from swap_point where id = ? and state = 'verificato'`,
    [id],
  );
  if (!row) throw new DomainError('BAD_REQUEST', 'Scegli un Punto Scambio verificato');
  return { id: row.id, openingHours: row.opening_hours };
}

/** Where a place is, from its CAP (and comune, for a CAP several share), as for a collector. */
function located(fields: SwapPointFields) {
  const { latitude, longitude, comune } = locateCap(fields.cap, fields.comune);
  return [
    fields.name,
    fields.kind,
    fields.address,
    fields.cap,
    comune,
    latitude,
    longitude,
    JSON.stringify(inWeekOrder(fields.openingHours)),
    fields.note,
  ];
}

const INSERT = `insert into swap_point (name, kind, address, cap, comune, latitude, longitude, opening_hours, note, state, suggested_by_id)
  values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?) returning id`;

/** A collector's suggestion: 'proposto' until an admin verifies it; a few waiting per collector at most. */
export async function suggestSwapPoint(em: EntityManager, me: User, fields: SwapPointFields) {
  const values = located(fields);
  const id = await em.transactional(async (tx) => {
    // One collector's suggestions counted one after the other, on every server, without locking their row.
    await tx.execute('select pg_advisory_xact_lock(?, ?)', [SUGGESTIONS_LOCK, me.id]);
    const [pending] = await tx.execute<{ count: string }[]>(
      `select count(*) from swap_point where suggested_by_id = ? and state = 'proposto'`,
      [me.id],
    );
    if (Number(pending?.count) >= PENDING_SUGGESTIONS_MAX) {
      throw new DomainError('TOO_MANY_REQUESTS', PENDING_SUGGESTIONS_MESSAGE);
    }
    const [row] = await tx.execute<{ id: number }[]>(INSERT, [...values, 'proposto', me.id]);
    return (row as { id: number }).id;
  });
  return swapPointFor(em, me, id);
}

/** The admin panel's list: suggestions first, then by name; with who suggested each. */
export async function adminSwapPoints(em: EntityManager, only: { state?: SwapPointState; id?: number } = {}) {
  const rows = await em.execute<Row[]>(
    `select ${COLUMNS}, null as distance_km, u.nickname as suggested_by
       from swap_point p left join app_user u on u.id = p.suggested_by_id
      where (?::text is null or p.state = ?) and (?::int is null or p.id = ?)
      order by p.state = 'proposto' desc, p.name, p.id`,
    [only.state ?? null, only.state ?? null, only.id ?? null, only.id ?? null],
  );
  return rows.map((row) => {
    const { distanceKm: _distance, ...view } = viewOf(row);
    return { ...view, suggestedBy: row.suggested_by, createdAt: new Date(row.created_at).toISOString() };
  });
}

export async function createSwapPoint(
  em: EntityManager,
  fields: SwapPointFields & { state: SwapPointState },
) {
  const [row] = await em.execute<{ id: number }[]>(INSERT, [...located(fields), fields.state, null]);
  return adminSwapPointById(em, (row as { id: number }).id);
}

export async function updateSwapPoint(
  em: EntityManager,
  input: SwapPointFields & { id: number; state: SwapPointState },
) {
  const rows = await em.execute<{ id: number }[]>(
    `update swap_point set name = ?, kind = ?, address = ?, cap = ?, comune = ?, latitude = ?, longitude = ?,
            opening_hours = ?::jsonb, note = ?, state = ?, updated_at = now()
      where id = ? returning id`,
    [...located(input), input.state, input.id],
  );
  if (rows.length === 0) throw new DomainError('NOT_FOUND', SWAP_POINT_NOT_FOUND_MESSAGE);
  return adminSwapPointById(em, input.id);
}

async function adminSwapPointById(em: EntityManager, id: number) {
  const [found] = await adminSwapPoints(em, { id });
  if (!found) throw new DomainError('NOT_FOUND', SWAP_POINT_NOT_FOUND_MESSAGE);
  return found;
}
