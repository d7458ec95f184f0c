/** The notifications' explanations, the same in Profilo → 'Notifiche' and in the offer after a proposal. */

export const PUSH_BLOCKED_TEXT =
  'Hai bloccato le notifiche per questo sito: riattivale dalle impostazioni del browser, poi torna qui';

/** Right after the collector said no to the browser's question. */
export const PUSH_REFUSED_TEXT =
  'Hai bloccato le notifiche per questo sito. Se cambi idea, riattivale dalle impostazioni del browser, poi da Profilo → Notifiche.';

export const INSTALL_FIRST_TEXT = "Tocca Condividi, poi «Aggiungi alla schermata Home», e apri l'app da lì.";

export const PUSH_UNSUPPORTED_TEXT =
  'Questo browser non può ricevere notifiche. Prova con Chrome, Firefox, Edge o Safari aggiornati.';
