import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { recordId } from './record-id.ts';
import { RADIUS_KM } from './users.ts';

export const matchIdSchema = recordId('Match non valido');

/** One of my matches. */
export const matchInput = z.strictObject({ matchId: matchIdSchema });

const RADIUS_MESSAGE = `Il raggio deve essere tra ${RADIUS_KM.min} e ${RADIUS_KM.max} km`;

/** Query string values arrive as text through REST, as numbers through tRPC. */
export const potentialMatchesInput = z
  .strictObject({
    albumId: albumIdSchema.optional(),
    radiusKm: z.coerce
      .number({ error: RADIUS_MESSAGE })
      .int('Il raggio deve essere un numero intero di km')
      .min(RADIUS_KM.min, RADIUS_MESSAGE)
      .max(RADIUS_KM.max, RADIUS_MESSAGE)
      .optional(),
  })
  .optional();

export const createMatchInput = z.strictObject({
  user2Id: recordId('Utente non valido'),
});
