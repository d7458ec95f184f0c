import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { recordId } from './record-id.ts';
import { RADIUS_KM } from './users-limits.ts';

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

/** The other participant of a match. */
const matchUserOutput = z.strictObject({ id: z.int(), nickname: z.string(), cap: z.string() });

/** A collector the match search found, best first (docs/decisions/005-match-search.md). */
export const potentialMatchOutput = z.strictObject({
  id: z.int(),
  nickname: z.string(),
  cap: z.string(),
  distanceKm: z.number(),
  compatibility: z.int().min(1).max(100),
  swapCount: z.int(),
  theyCanGive: z.int(),
  iCanGive: z.int(),
  possibleExchanges: z.array(z.strictObject({ myDouble: z.string(), theirNeed: z.string() })),
  theyCanGiveNumbers: z.array(z.string()),
});
export const potentialMatchesOutput = z.array(potentialMatchOutput);

export const matchOutput = z.strictObject({ id: z.int(), user2: matchUserOutput, createdAt: z.string() });
/** My matches, with how many of the other's messages I have not read and when the latest was sent. */
export const matchesOutput = z.array(
  matchOutput.extend({ unreadCount: z.int(), lastMessageAt: z.string().nullable() }),
);
/** The chat header: the other participant, and whether they are online now. */
export const matchHeaderOutput = z.strictObject({
  id: z.int(),
  user2: matchUserOutput.extend({ online: z.boolean(), lastSeenAt: z.string().nullable() }),
});
