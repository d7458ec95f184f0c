import { latitudeSpan } from '../geo/bounding-box.ts';
import { greatCircleKm } from '../geo/great-circle.ts';

/**
 * An album index's places (album-index.ts, docs/decisions/018): each distinct point (a CAP's) once, with
 * the rows of the collectors there, so a search visits only the rows of the points within its radius.
 * A row's place in its point's list is the caller's to keep (it moves rows); this keeps the lists.
 */
export class IndexPlaces {
  private readonly pointByPlace = new Map<string, number>();
  private readonly lat: number[] = [];
  private readonly lon: number[] = [];
  private readonly members: Int32Array[] = [];
  private readonly counts: number[] = [];

  /** The point of these coordinates, made on first use. */
  pointAt(latitude: number, longitude: number): number {
    const place = `${latitude},${longitude}`;
    let point = this.pointByPlace.get(place);
    if (point === undefined) {
      point = this.lat.length;
      this.pointByPlace.set(place, point);
      this.lat.push(latitude);
      this.lon.push(longitude);
      this.members.push(new Int32Array(4));
      this.counts.push(0);
    }
    return point;
  }

  /** Lists `row` at `point`; answers its place in the point's list. */
  join(point: number, row: number): number {
    let rows = this.members[point] as Int32Array;
    const count = this.counts[point] as number;
    if (count === rows.length) {
      const larger = new Int32Array(rows.length * 2);
      larger.set(rows);
      this.members[point] = rows = larger;
    }
    rows[count] = row;
    this.counts[point] = count + 1;
    return count;
  }

  /** Takes the row at `place` off `point`'s list: the last row takes its place, and is answered. */
  leave(point: number, place: number): number {
    const rows = this.members[point] as Int32Array;
    const last = (this.counts[point] as number) - 1;
    const moved = rows[last] as number;
    rows[place] = moved;
    this.counts[point] = last;
    return moved;
  }

  /** The row at `place` of `point` is now numbered `row` (the caller moved it). */
  renumber(point: number, place: number, row: number) {
    (this.members[point] as Int32Array)[place] = row;
  }

  /** How far `point` is from a place, as `within` measures it. */
  distanceTo(point: number, latitude: number, longitude: number) {
    return greatCircleKm(latitude, longitude, this.lat[point] as number, this.lon[point] as number);
  }

  /**
   * Calls `see` with the rows of each point within `radiusKm` of a place, and its distance, until it
   * answers false.
   */
  within(
    latitude: number,
    longitude: number,
    radiusKm: number,
    see: (rows: Int32Array, distanceKm: number) => boolean,
  ) {
    const latitudes = latitudeSpan(radiusKm);
    for (let point = 0; point < this.lat.length; point++) {
      const count = this.counts[point] as number;
      const lat = this.lat[point] as number;
      if (count === 0 || Math.abs(lat - latitude) > latitudes) continue;
      const distanceKm = greatCircleKm(latitude, longitude, lat, this.lon[point] as number);
      if (!(distanceKm <= radiusKm)) continue;
      if (!see((this.members[point] as Int32Array).subarray(0, count), distanceKm)) return;
    }
  }

  /**
   * Numbers the rows in place order, each point's one after the other, and renumbers the lists so:
   * answers the old row of each new one (compact moves the rows' data accordingly).
   */
  inPlaceOrder(rowCount: number): Int32Array {
    const from = new Int32Array(rowCount);
    let next = 0;
    for (let point = 0; point < this.lat.length; point++) {
      const rows = this.members[point] as Int32Array;
      const count = this.counts[point] as number;
      const placed = new Int32Array(Math.max(4, count));
      for (let member = 0; member < count; member++) {
        from[next] = rows[member] as number;
        placed[member] = next++;
      }
      this.members[point] = placed;
    }
    return from;
  }
}
