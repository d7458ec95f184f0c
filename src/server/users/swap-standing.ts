import { RATING_INTERVAL_DAYS } from '../../rpc/schemas/swaps-limits.ts';

/*
 * What a swap row means to its two collectors — whether each of them sees it, whether it counts for their
 * standing — written once, here below the swaps area, because reputation and the data export (users) read
 * swaps as well as the swaps area itself (docs/decisions/015, 035). Each is SQL over a swap row's alias.
 */

/**
 * The swap `w` is one `me` (an SQL expression: a column or `?`) sees: any online swap of theirs, and a swap
 * recorded in person once their own phone recorded it. A one-sided record naming a collector stays its
 * maker's until the named collector's phone records the same key: a stranger cannot put rows in anyone's
 * Scambi, data export or history.
 */
export const swapSeenBySql = (w: string, me: string) =>
  `(${w}.mode = 'online' or case when ${w}.from_user_id = ${me} then ${w}.from_confirmed else ${w}.to_confirmed end)`;

/**
 * The swap `w`, its status read at `status`, really happened between its two collectors: completed and,
 * when recorded in person, recorded by both phones while the two were within the larger of their radii
 * (`in_person_near`). Only such swaps may be rated or count in a reputation.
 */
export const doneSwapSql = (w: string, status: string) =>
  `(${w}.${status} = 'completato' and (${w}.mode = 'online' or (${w}.from_confirmed and ${w}.to_confirmed and ${w}.in_person_near)))`;

/**
 * Another done swap of `w`'s pair (either direction) ended within RATING_INTERVAL_DAYS before `w` did: `w`
 * then adds neither a rating nor a swap to the count, so two accounts swapping back and forth weigh as one
 * partner a week, online or in person alike. A swap not ended yet is dated by its deadline.
 */
export const repeatOfPairSql = (w: string) => `exists (
    select 1 from swap p
     where ${doneSwapSql('p', 'status')} and p.id <> ${w}.id
       and ((p.from_user_id = ${w}.from_user_id and p.to_user_id = ${w}.to_user_id)
         or (p.from_user_id = ${w}.to_user_id and p.to_user_id = ${w}.from_user_id))
       and (p.completed_at, p.id) < (coalesce(${w}.completed_at, ${w}.expires_at), ${w}.id)
       and p.completed_at > coalesce(${w}.completed_at, ${w}.expires_at) - interval '${RATING_INTERVAL_DAYS} days')`;
