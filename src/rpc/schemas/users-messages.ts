import { PASSWORD_MIN } from './users-limits.ts';

/**
 * The Italian texts about a collector's fields that the server answers and the forms place under a field
 * (a refusal only the server can make: a taken nickname, a CAP that does not exist…). Apart from the zod
 * schemas, like users-limits.ts, so the login screen's first download can read them without zod.
 */
export const NICKNAME_TAKEN_MESSAGE = 'Nickname già in uso: scegline un altro';
export const UNKNOWN_CAP_MESSAGE = 'CAP non nel nostro elenco: scegli il tuo comune';
export const SHARED_CAP_MESSAGE = 'Questo CAP è di più comuni: scegli il tuo';
export const WRONG_COMUNE_MESSAGE = 'Scegli il comune dall’elenco di questo CAP';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'La password attuale non è corretta';

/** Under a new password's field before anything is typed: the rule its error would state. */
export const PASSWORD_HINT = `Almeno ${PASSWORD_MIN} caratteri`;

/** An under-14's sign-up (issue 45): nobody under 14 has an account of their own, a parent makes their profile. */
export const UNDER_14_SIGN_UP_MESSAGE = 'Chiedi a un genitore di creare il tuo profilo';
/** A birth date once given is corrected only by an administrator. */
export const BIRTH_DATE_FIXED_MESSAGE = 'Solo un amministratore può correggere la data di nascita';

/** An adult and a minor start no free chat and no ordinary proposal (issue 45, row 4). */
export const MINOR_SWAP_ONLY_MESSAGE =
  'Con un minorenne si scambia solo con una proposta in un Punto Scambio';
