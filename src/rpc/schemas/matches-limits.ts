/** The match area's limits, apart from the schemas so screens take them without zod. */

/** 'Le mie ultime' lists this many missing stickers at most; an album missing no more is 'nearly complete'. */
export const LAST_STICKERS_MAX = 50;
/** The nearest collectors 'Le mie ultime' shows for each missing sticker. */
export const HOLDERS_PER_STICKER = 3;
/** Candidates per page of the Match search; 'Mostra altri' asks the next ones (match-cursor.ts). */
export const MATCH_PAGE_SIZE = 50;
/** Pairs and numbers listed per Match candidate (a card shows 3 and 6; opened, it asks `matches.exchanges`). */
export const EXCHANGES_LISTED_MAX = 10;
