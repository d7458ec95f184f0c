import { z } from '../zod.ts';
import { albumIdSchema, stickerIdSchema } from './catalogue.ts';
import { recordId } from './record-id.ts';
import { IMPORT_LINES_MAX, STICKER_NAME_MAX, STICKER_NUMBER_MAX } from './sticker-import.ts';
import { text } from './text.ts';

export const ALBUM_YEAR = { min: 1900, max: 2030, default: 2025 } as const;
export const INITIAL_STICKERS = { min: 1, max: 1000, default: 1 } as const;
export const ALBUM_NAME_MAX = 100;

const albumName = text(ALBUM_NAME_MAX, `Il nome dell'album non può superare ${ALBUM_NAME_MAX} caratteri`, {
  error: "Inserisci il nome dell'album",
  trim: true,
}).min(1, "Inserisci il nome dell'album");

const userIdSchema = recordId('Utente non valido');

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
});

export const renameAlbumInput = z.strictObject({ id: albumIdSchema, name: albumName });
export const albumRefInput = z.strictObject({ id: albumIdSchema });

export const reorderAlbumsInput = z.strictObject({
  albums: z
    .array(z.object({ id: albumIdSchema }), { error: 'Indica la lista degli album nel nuovo ordine' })
    .max(10_000, 'Troppi album'),
});

const stickerNumber = text(
  STICKER_NUMBER_MAX,
  `Il numero della figurina non può superare ${STICKER_NUMBER_MAX} caratteri`,
  { error: 'Il numero della figurina è obbligatorio', trim: true },
).min(1, 'Il numero della figurina è obbligatorio');
const stickerName = text(
  STICKER_NAME_MAX,
  `Il nome della figurina non può superare ${STICKER_NAME_MAX} caratteri`,
  { trim: true },
);

export const importStickersInput = z.strictObject({
  albumId: albumIdSchema,
  stickers: z
    .array(
      z.object({
        number: stickerNumber,
        name: stickerName.default(''),
        team: text(100, 'Il nome della squadra non può superare 100 caratteri', { trim: true }).nullish(),
      }),
      { error: 'Indica le figurine da importare' },
    )
    .min(1, 'Nessuna figurina da importare')
    .max(IMPORT_LINES_MAX, `Puoi importare al massimo ${IMPORT_LINES_MAX} figurine alla volta`),
});

export const updateStickerInput = z.strictObject({
  albumId: albumIdSchema,
  stickerId: stickerIdSchema,
  name: stickerName.optional(),
  description: text(500, 'La descrizione non può superare 500 caratteri', { trim: true })
    .min(1, 'La descrizione non può essere vuota')
    .optional(),
});

export const stickerRefInput = z.strictObject({ albumId: albumIdSchema, stickerId: stickerIdSchema });
export const albumStickersRefInput = z.strictObject({ albumId: albumIdSchema });

export const usersQueryInput = z
  .strictObject({
    search: text(50, 'Ricerca troppo lunga', { trim: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500, 'Al massimo 500 utenti per pagina').default(200),
  })
  .optional();

export const toggleUserStatusInput = z.strictObject({
  id: userIdSchema,
  is_active: z.boolean({ error: 'Indica se attivare o disattivare (is_active)' }),
});

export const setPremiumInput = z.strictObject({
  id: userIdSchema,
  isPremium: z.boolean({ error: 'Indica se attivare o togliere il premium (isPremium)' }),
});

export const MAINTENANCE_MODES = ['automatico', 'manuale', 'disabilitato'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const settingsInput = z.strictObject({
  maintenanceMode: z.enum(MAINTENANCE_MODES, { error: 'Modalità di manutenzione non valida' }),
  logLevel: z.enum(LOG_LEVELS, { error: 'Livello di log non valido' }),
  autoBackup: z.boolean({ error: 'Indica se attivare i backup automatici' }),
});

export type SettingsInput = z.infer<typeof settingsInput>;
export const DEFAULT_SETTINGS: SettingsInput = {
  maintenanceMode: 'automatico',
  logLevel: 'info',
  autoBackup: true,
};
