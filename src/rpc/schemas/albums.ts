import { z } from '../zod.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';

export const albumIdSchema = recordId('Album non valido');

/** An album's stickers, or my statuses in it. */
export const albumInput = z.strictObject({ albumId: albumIdSchema });

export const ALBUM_YEAR = { min: 1900, max: 2030, default: 2025 } as const;
/** A new album starts empty, its stickers imported next (issue 28); the API may still number some. */
export const INITIAL_STICKERS = { min: 0, max: 1000, default: 0 } as const;
export const ALBUM_NAME_MAX = 100;

const albumName = text(ALBUM_NAME_MAX, `Il nome dell'album non può superare ${ALBUM_NAME_MAX} caratteri`, {
  error: "Inserisci il nome dell'album",
  trim: true,
}).min(1, "Inserisci il nome dell'album");

/** 'Ordina le ultime' (issue 49): the most missing stickers an order list offers, and a price per sticker. */
export const ORDER_LIMIT = { min: 1, max: 500, default: 50 } as const;
export const ORDER_PRICE_CENTS = { min: 1, max: 10_000 } as const;
const orderLimitMessage = `Il limite per l'ordine deve essere tra ${ORDER_LIMIT.min} e ${ORDER_LIMIT.max}`;
const orderPriceMessage = 'Il prezzo per figurina deve essere tra 0,01 € e 100,00 €';
export const orderLimitSchema = z
  .number({ error: "Il limite per l'ordine deve essere un numero" })
  .int("Il limite per l'ordine deve essere un numero intero")
  .min(ORDER_LIMIT.min, orderLimitMessage)
  .max(ORDER_LIMIT.max, orderLimitMessage);
/** In cents; null when the admin gives none. */
export const orderPriceCentsSchema = z
  .number({ error: 'Il prezzo per figurina deve essere un numero' })
  .int('Il prezzo per figurina va indicato in centesimi interi')
  .min(ORDER_PRICE_CENTS.min, orderPriceMessage)
  .max(ORDER_PRICE_CENTS.max, orderPriceMessage)
  .nullable();

export const createAlbumInput = z.strictObject({
  name: albumName,
  year: z
    .number({ error: "L'anno deve essere un numero" })
    .int("L'anno deve essere un numero intero")
    .min(ALBUM_YEAR.min, `L'anno deve essere tra ${ALBUM_YEAR.min} e ${ALBUM_YEAR.max}`)
    .max(ALBUM_YEAR.max, `L'anno deve essere tra ${ALBUM_YEAR.min} e ${ALBUM_YEAR.max}`)
    .default(ALBUM_YEAR.default),
  stickerCount: z
    .number({ error: 'Il numero di figurine deve essere un numero' })
    .int('Il numero di figurine deve essere un numero intero')
    .min(
      INITIAL_STICKERS.min,
      `Le figurine iniziali devono essere tra ${INITIAL_STICKERS.min} e ${INITIAL_STICKERS.max}`,
    )
    .max(
      INITIAL_STICKERS.max,
      `Le figurine iniziali devono essere tra ${INITIAL_STICKERS.min} e ${INITIAL_STICKERS.max}`,
    )
    .default(INITIAL_STICKERS.default),
  orderLimit: orderLimitSchema.default(ORDER_LIMIT.default),
  orderPriceCents: orderPriceCentsSchema.default(null),
});

/** 'Modifica Album': a new name, order limit or price; what is left out stays. */
export const updateAlbumInput = z.strictObject({
  id: albumIdSchema,
  name: albumName.optional(),
  orderLimit: orderLimitSchema.optional(),
  orderPriceCents: orderPriceCentsSchema.optional(),
});
export const albumRefInput = z.strictObject({ id: albumIdSchema });

export const reorderAlbumsInput = z.strictObject({
  albums: z
    .array(z.object({ id: albumIdSchema }), { error: 'Indica la lista degli album nel nuovo ordine' })
    .max(10_000, 'Troppi album'),
});

/** An album as the list shows it, with how many stickers it has and its order settings. */
export const albumOutput = z.strictObject({
  id: z.int(),
  name: z.string(),
  stickerCount: z.int(),
  /** Its 'speciale' stickers (issue 49): Match's like-for-like switch shows only when there are some. */
  specialCount: z.int(),
  year: z.int(),
  orderLimit: z.int(),
  orderPriceCents: z.int().nullable(),
});
export const albumsOutput = z.array(albumOutput);
export const updatedAlbumOutput = albumOutput.omit({ stickerCount: true, specialCount: true });
