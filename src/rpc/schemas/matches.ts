import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { MATCH_CURSOR_PATTERN, readMatchCursor } from './match-cursor.ts';
import { placeFields, placeOutput } from './place.ts';
import { recordId } from './record-id.ts';
import { reputationOutput } from './swaps.ts';
import { text } from './text.ts';
import { radiusKmQuery } from './users.ts';

export const matchIdSchema = recordId('Match non valido');

/** One of my matches. */
export const matchInput = z.strictObject({ matchId: matchIdSchema });

/**
 * How candidates are ranked: 'swaps', decision 005's order (most 1:1 swaps first), or 'missing' — 'chi ha
 * più mancanti mie', most of my gaps they can fill first.
 */
export const MATCH_RANKINGS = ['swaps', 'missing'] as const;
export type MatchRanking = (typeof MATCH_RANKINGS)[number];

/** Query string values arrive as text through REST, as numbers through tRPC. */
export const potentialMatchesInput = z
  .strictObject({
    rank: z.enum(MATCH_RANKINGS, { error: 'Ordine dei risultati non valido' }).optional(),
    albumId: albumIdSchema.optional(),
    radiusKm: radiusKmQuery.optional(),
    /** 'Mostra altri': the page after this card (match-cursor.ts); none, or null, for the first page. */
    cursor: text(30, 'Pagina dei risultati non valida', { error: 'Pagina dei risultati non valida' })
      .regex(MATCH_CURSOR_PATTERN, 'Pagina dei risultati non valida')
      .transform(readMatchCursor)
      .nullish(),
    /**
     * 'Scambia anche speciali con normali' (issue 49, row 3): base and speciale pair with each other; left
     * out, the collector's saved switch. `true`/`false` as text through REST.
     */
    mixKinds: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
        error: 'Indica se scambiare anche speciali con normali (mixKinds)',
      })
      .optional(),
    /** Sent by the screen's infinite query (tRPC); pages only go forward. */
    direction: z.literal('forward', { error: 'Pagina dei risultati non valida' }).optional(),
  })
  .optional();

export const createMatchInput = z.strictObject({
  user2Id: recordId('Utente non valido'),
});

/** One candidate's card opened: everything the two of us could swap, in the album searched. */
export const candidateExchangesInput = z.strictObject({
  userId: recordId('Utente non valido'),
  albumId: albumIdSchema.optional(),
});

/**
 * The other participant of a match. Where they are (comune and whole km, never their CAP) only while the
 * search could show them to me or once they wrote to me, never between a blocked pair
 * (docs/decisions/021-presence.md).
 */
/**
 * The other participant; `closed`: 'eliminato' (account deleted) or 'chiusa' (deactivated) when nobody
 * can write in that chat any more, null while it is open (issue 48, row 4). A block is never told here.
 */
const matchUserOutput = z.strictObject({
  id: z.int(),
  nickname: z.string(),
  place: placeOutput.nullable(),
  closed: z.enum(['eliminato', 'chiusa']).nullable(),
});

/** How present the other participant is, coarsely: online now, active today, active this week. */
export const PRESENCE = ['online', 'today', 'week'] as const;
export type Presence = (typeof PRESENCE)[number];

/** A collector the match search found, best first (docs/decisions/005-match-search.md). */
export const potentialMatchOutput = z.strictObject({
  id: z.int(),
  nickname: z.string(),
  /** Their comune and how far, in whole km: the ranking reads the exact distance, the answer this. */
  ...placeFields,
  compatibility: z.int().min(1).max(100),
  swapCount: z.int(),
  theyCanGive: z.int(),
  iCanGive: z.int(),
  possibleExchanges: z.array(z.strictObject({ myDouble: z.string(), theirNeed: z.string() })),
  theyCanGiveNumbers: z.array(z.string()),
  /** Our match, when we already have one (the screen then offers its chat instead of 'Matcha!'). */
  matchId: z.int().nullable(),
  /** Their standing from past swaps (docs/decisions/015). */
  reputation: reputationOutput,
});
export const potentialMatchesOutput = z.array(potentialMatchOutput);

/** A whole list of a candidate's card: more than any real album holds is cut, `count` stays true. */
export const EXCHANGE_LIST_MAX = 1000;
const exchangeListOutput = z.strictObject({
  count: z.int(),
  stickers: z.array(z.strictObject({ number: z.string(), name: z.string() })).max(EXCHANGE_LIST_MAX),
});
/** What I could give a candidate (my doubles they miss) and receive (their doubles I miss), in number order. */
export const candidateExchangesOutput = z.strictObject({
  give: exchangeListOutput,
  receive: exchangeListOutput,
});

export const matchOutput = z.strictObject({ id: z.int(), user2: matchUserOutput, createdAt: z.string() });
/** A match asked for: `created` is false when we already had it (no 'Match creato!' then). */
export const createMatchOutput = matchOutput.extend({ created: z.boolean() });

/** The start of a chat's latest message, as a list of chats shows it. */
export const LAST_MESSAGE_PREVIEW_MAX = 120;
/**
 * My matches, latest activity first, with how many of the other's messages I have not read and the
 * latest message (its start, and whether I sent it). `blocked`: I blocked them; such a match comes last,
 * with nothing unread and no message shown.
 */
export const matchesOutput = z.array(
  matchOutput.extend({
    blocked: z.boolean(),
    unreadCount: z.int(),
    lastMessageAt: z.string().nullable(),
    lastMessage: z
      .strictObject({ content: z.string().max(LAST_MESSAGE_PREVIEW_MAX), mine: z.boolean() })
      .nullable(),
  }),
);
/**
 * The chat header: the other participant, and how present they are — null unless they wrote in this chat,
 * left their presence on and nobody blocked anybody.
 */
export const matchHeaderOutput = z.strictObject({
  id: z.int(),
  user2: matchUserOutput.extend({ presence: z.enum(PRESENCE).nullable() }),
  /** An adult and a minor: the chat offers the set phrases instead of free text (issue 45, row 4). */
  phrasesOnly: z.boolean(),
});
