import {
  SHARED_CAP_MESSAGE,
  UNKNOWN_CAP_MESSAGE,
  WRONG_COMUNE_MESSAGE,
} from '../../rpc/schemas/users-messages.ts';
import { DomainError } from '../domain-error.ts';
import { type Comune, comuniNearCap, comuniOfCap } from '../geo/comuni-directory.ts';

/** The comuni a collector with this CAP picks from: the CAP's own, or its postal area's when unknown. */
export function comuneChoices(cap: string): { known: boolean; comuni: Comune[] } {
  const own = comuniOfCap(cap);
  return own.length > 0 ? { known: true, comuni: own } : { known: false, comuni: comuniNearCap(cap) };
}

/**
 * Where a collector is: the comune they picked among their CAP's choices, or their CAP's only comune.
 * A CAP shared by several comuni or missing from the table asks for the pick (a 400 the form places under
 * the CAP, with the choices beside it), never a dead end (docs/cap-data.md).
 */
export function locateCap(cap: string, comune?: string) {
  const { known, comuni } = comuneChoices(cap);
  const picked = comune === undefined ? undefined : comuni.find((c) => c.code === comune);
  if (comune !== undefined && !picked) throw new DomainError('BAD_REQUEST', WRONG_COMUNE_MESSAGE);
  const place = picked ?? (known && comuni.length === 1 ? comuni[0] : undefined);
  if (!place) throw new DomainError('BAD_REQUEST', known ? SHARED_CAP_MESSAGE : UNKNOWN_CAP_MESSAGE);
  return { latitude: place.lat, longitude: place.lon, comune: place.code };
}
