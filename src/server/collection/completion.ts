/**
 * Completion as collectors count it (issue 49): an album's extras are outside its total, its percentage
 * and what I miss. One rule, in SQL fragments the summary, the order list and 'Le mie ultime' share; its
 * client spelling is src/client/shared/completion/counted-stickers.ts. An album has few extras (a partial
 * index holds the stickers that are not 'base'), so the extras I own are counted by reading their bits,
 * not by a bitmap of their own.
 */

/** A sticker (by its row alias) that counts towards completion. */
export const countedStickerSql = (sticker: string) => `${sticker}.kind <> 'extra'`;

/** How many stickers of an album (an SQL expression for its id) count towards completion. */
export const countedStickersSql = (albumId: string) =>
  `(select count(*) from sticker counted where counted.album_id = ${albumId} and ${countedStickerSql('counted')})`;

/** How many extras an album (an SQL expression for its id) has. */
export const extraStickersSql = (albumId: string) =>
  `(select count(*) from sticker extra where extra.album_id = ${albumId} and extra.kind = 'extra')`;

/** How many extras a collection row (its alias) owns. */
export const ownedExtrasSql = (collection: string) =>
  `(select count(*) from sticker extra where extra.album_id = ${collection}.album_id and extra.kind = 'extra'
       and get_bit(${collection}.owned, extra.slot) = 1)`;

/** How many counted stickers a collection row (its alias) owns: all it owns, its extras aside. */
export const ownedCountedSql = (collection: string) =>
  `(${collection}.owned_count - ${ownedExtrasSql(collection)})`;

/**
 * Whether a collection row (its alias) completes its album: the album has counted stickers and the row
 * owns them all (the client's `isComplete`).
 */
export const completesAlbumSql = (collection: string) =>
  `(${countedStickersSql(`${collection}.album_id`)} between 1 and ${ownedCountedSql(collection)})`;
