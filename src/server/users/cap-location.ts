import { UNKNOWN_CAP_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import { DomainError } from '../domain-error.ts';
import { findCapPoint } from '../geo/cap-directory.ts';

/** The coordinates of an Italian CAP, or a 400 in Italian for a CAP that does not exist. */
export function locateCap(cap: string) {
  const point = findCapPoint(cap);
  if (!point) throw new DomainError('BAD_REQUEST', UNKNOWN_CAP_MESSAGE);
  return { latitude: point.lat, longitude: point.lon };
}
