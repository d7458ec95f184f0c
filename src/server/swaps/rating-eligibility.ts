import { RATING_INTERVAL_DAYS } from '../../rpc/schemas/swaps-limits.ts';

/**
 * SQL: a swap row (alias `w`, read at `status`) is done for ratings and reputation: completed and, when
 * recorded in person, recorded by both phones (docs/decisions/035). users/reputation-columns.ts says the
 * same for the count of completed swaps.
 */
const doneSql = (w: string, status: string) =>
  `(${w}.${status} = 'completato' and (${w}.mode = 'online' or (${w}.from_confirmed and ${w}.to_confirmed)))`;

/**
 * Who may rate a swap (docs/decisions/015), as SQL over `w`, a swap row with its status as read
 * (`status_now`); `me.id` is my id. A completed swap may be rated by both (one made in person once both
 * phones recorded it), a 'non_completato' one by the side that had confirmed receipt; each once. A swap
 * that ended within RATING_INTERVAL_DAYS of an earlier completed swap of the same pair adds no rating: two
 * accounts swapping back and forth rate each other once a week at most, and each rater counts once anyway
 * (users/reputation-columns.ts).
 */
export const CAN_RATE_SQL = `(
  (${doneSql('w', 'status_now')}
    or (w.status_now = 'non_completato'
        and case when w.from_user_id = me.id then w.from_confirmed else w.to_confirmed end))
  and not exists (select 1 from swap_rating r where r.swap_id = w.id and r.rater_id = me.id)
  and not exists (
    select 1 from swap p
     where ${doneSql('p', 'status')} and p.id <> w.id
       and ((p.from_user_id = w.from_user_id and p.to_user_id = w.to_user_id)
         or (p.from_user_id = w.to_user_id and p.to_user_id = w.from_user_id))
       and (p.completed_at, p.id) < (coalesce(w.completed_at, w.expires_at), w.id)
       and p.completed_at > coalesce(w.completed_at, w.expires_at) - interval '${RATING_INTERVAL_DAYS} days'))`;

export const NOT_RATEABLE_MESSAGE = 'Puoi valutare uno scambio solo quando è completato';
export const NOT_CONFIRMED_MESSAGE =
  'Puoi valutare uno scambio non completato solo se avevi confermato di aver ricevuto le figurine';
export const ALREADY_RATED_MESSAGE = 'Hai già valutato questo scambio';
export const RECENT_SWAP_MESSAGE = `Hai già uno scambio con questo collezionista negli ultimi ${RATING_INTERVAL_DAYS} giorni: questo non aggiunge un voto`;
/** A swap made in person that one phone has not recorded yet: `nickname`'s, or null for mine. */
export const IN_PERSON_NOT_RECORDED_MESSAGE = (nickname: string | null) =>
  nickname === null
    ? 'Potrai valutare questo scambio dal vivo quando il tuo telefono lo avrà registrato'
    : `Potrai valutare questo scambio dal vivo quando anche il telefono di ${nickname} lo avrà registrato`;
