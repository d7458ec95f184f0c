import { RATING_INTERVAL_DAYS } from '../../rpc/schemas/swaps-limits.ts';
import { doneSwapSql, repeatOfPairSql } from '../users/swap-standing.ts';

/**
 * Who may rate a swap (docs/decisions/015), as SQL over `w`, a swap row with its status as read
 * (`status_now`); `me.id` is my id. A swap that really happened (users/swap-standing.ts: one made in person
 * once both phones recorded it, near each other) may be rated by both, a 'non_completato' one by the side
 * that had confirmed receipt; each once. A swap that ended within RATING_INTERVAL_DAYS of an earlier one of
 * the same pair adds no rating: two accounts swapping back and forth rate each other once a week at most,
 * and each rater counts once anyway (users/reputation-columns.ts).
 */
export const CAN_RATE_SQL = `(
  (${doneSwapSql('w', 'status_now')}
    or (w.status_now = 'non_completato'
        and case when w.from_user_id = me.id then w.from_confirmed else w.to_confirmed end))
  and not exists (select 1 from swap_rating r where r.swap_id = w.id and r.rater_id = me.id)
  and not ${repeatOfPairSql('w')})`;

export const NOT_RATEABLE_MESSAGE = 'Puoi valutare uno scambio solo quando è completato';
export const NOT_CONFIRMED_MESSAGE =
  'Puoi valutare uno scambio non completato solo se avevi confermato di aver ricevuto le figurine';
export const ALREADY_RATED_MESSAGE = 'Hai già valutato questo scambio';
export const RECENT_SWAP_MESSAGE = `Hai già uno scambio con questo collezionista negli ultimi ${RATING_INTERVAL_DAYS} giorni: questo non aggiunge un voto`;
/** A swap made in person that the other phone has not recorded yet. */
export const IN_PERSON_NOT_RECORDED_MESSAGE = (nickname: string) =>
  `Potrai valutare questo scambio dal vivo quando anche il telefono di ${nickname} lo avrà registrato`;
/** A swap recorded in person by two collectors who were not near each other (docs/decisions/035). */
export const IN_PERSON_FAR_MESSAGE =
  'Questo scambio dal vivo è stato registrato lontano da dove abitate entrambi: non si può valutare e non conta negli scambi';
