import { z } from '../zod.ts';
import { matchIdSchema } from './matches.ts';
import { text } from './text.ts';

export const MESSAGE_MAX = 1000;

export const messageContentSchema = text(
  MESSAGE_MAX,
  `Il messaggio non può superare ${MESSAGE_MAX} caratteri`,
  {
    error: 'Il messaggio non può essere vuoto',
    trim: true,
  },
).min(1, 'Il messaggio non può essere vuoto');

export const markReadInput = z.strictObject({
  matchId: matchIdSchema,
  /** The newest message the reader has on screen: later ones stay unread. Default: all. */
  upToId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const messagesInput = z.strictObject({
  matchId: matchIdSchema,
  /** Only messages newer than this id (the client's poll asks for what it lacks). */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** What a message an admin hid reads as (issue 47, row 3). */
export const HIDDEN_MESSAGE_TEXT = 'Messaggio rimosso';

export const chatMessageOutput = z.strictObject({
  id: z.int(),
  senderId: z.int(),
  sender: z.strictObject({ nickname: z.string() }),
  content: z.string(),
  createdAt: z.string(),
  /** An admin hid it (issue 47, row 3): the chat shows HIDDEN_MESSAGE_TEXT, the content is empty. */
  hidden: z.literal(true).optional(),
});
export const chatMessagesOutput = z.array(chatMessageOutput);
export type ChatMessage = z.infer<typeof chatMessageOutput>;

/**
 * What an adult and a minor may write each other once a meeting is agreed (issue 45, row 4): these
 * phrases, exactly, and nothing else.
 */
export const CHAT_PHRASES = [
  'Ci sono',
  'Sto arrivando',
  'Sono in ritardo di 10 minuti',
  'Sono all’ingresso',
  'Non ti trovo: sono vicino alla cassa',
  'Annulliamo',
  'Va bene',
  'Grazie!',
] as const;
export const chatPhrasesOutput = z.array(z.string());

export const PHRASES_ONLY_MESSAGE = 'Tra un adulto e un minorenne la chat accetta solo le frasi pronte';
export const MINOR_CONTACT_SUSPENDED_MESSAGE =
  'Non puoi scrivere ai minorenni finché un amministratore non avrà esaminato delle segnalazioni su di te';
export const CONTACT_DETAILS_MESSAGE =
  'Per la tua sicurezza non si possono scambiare contatti o indirizzi nella chat';

/**
 * The device's own id for a message (docs/decisions/055): sent again after an answer that never came, it
 * finds the message stored the first time instead of storing a second one.
 */
export const messageKeySchema = text(36, 'Chiave del messaggio non valida')
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Chiave del messaggio non valida');

export const sendMessageInput = z.strictObject({
  matchId: matchIdSchema,
  content: messageContentSchema,
  key: messageKeySchema.optional(),
});

export const onMessageInput = z.strictObject({
  matchId: matchIdSchema,
  /** Sent back by the SSE client on reconnection: the stream first replays what came after it. */
  lastEventId: text(18, 'Ultimo evento non valido')
    .regex(/^\d{1,18}$/, 'Ultimo evento non valido')
    .nullish(),
});
