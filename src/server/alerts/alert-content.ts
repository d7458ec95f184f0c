import type { EntityManager } from '@mikro-orm/postgresql';
import type { AlertKind } from '../../rpc/schemas/alerts.ts';
import { ITALIAN_TIME_ZONE } from '../../rpc/schemas/italian-clock.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { shownContentSql } from '../db/message-sql.ts';
import { unreadCountSql } from '../matches/unread-messages.ts';
import type { AlertEvent } from './alert-events.ts';
import { isChatOpen } from './open-chats.ts';
import { composeRadunoAlert } from './raduno-alerts.ts';

/** What one collector is told, the same on every device and in the e-mail. */
export type AlertMessage = {
  kind: AlertKind;
  recipientId: number;
  title: string;
  body: string;
  /** The screen a tap opens (the app's own path). */
  url: string;
  /** Alerts of one tag replace each other on the device (one per swap, one per chat). */
  tag: string;
  /** How long a push service may keep it for a phone that is off, in seconds. */
  ttl: number;
  urgency: 'low' | 'normal' | 'high';
};

const HOUR = 3600;
const BODY_MAX = 140;

type SwapFacts = {
  id: number;
  status: string;
  expires_at: Date;
  from_user_id: number;
  to_user_id: number;
  from_nickname: string;
  to_nickname: string;
  from_confirmed: boolean;
  to_confirmed: boolean;
  album: string;
  from_gives: number;
  to_gives: number;
  /** Where and when they meet, for a swap at a Punto Scambio (issue 45, row 4). */
  place: string | null;
  slot_start: Date | null;
};

async function readSwap(em: EntityManager, swapId: number): Promise<SwapFacts | undefined> {
  const [row] = await em.execute<SwapFacts[]>(
    `select w.id, w.status, w.expires_at, w.from_user_id, w.to_user_id, w.from_confirmed, w.to_confirmed,
            f.nickname as from_nickname, t.nickname as to_nickname, a.name as album,
            (select count(*)::int from swap_item i where i.swap_id = w.id and i.giver_id = w.from_user_id) as from_gives,
            (select count(*)::int from swap_item i where i.swap_id = w.id and i.giver_id = w.to_user_id) as to_gives,
            p.name as place, w.slot_start
       from swap w join app_user f on f.id = w.from_user_id join app_user t on t.id = w.to_user_id
       join album a on a.id = w.album_id left join swap_point p on p.id = w.swap_point_id
      where w.id = ?`,
    [swapId],
  );
  return row;
}

const MEETING_TIME = new Intl.DateTimeFormat('it-IT', {
  timeZone: ITALIAN_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The plan of a swap at a Punto Scambio, after its alert's text: a parent running a child profile learns
 * where and when at once (issue 45, row 4).
 */
const withMeeting = (swap: SwapFacts, body: string) =>
  swap.place && swap.slot_start
    ? `${body} · ${swap.place}, ${MEETING_TIME.format(new Date(swap.slot_start))}`
    : body;

const stickers = (count: number) => (count === 1 ? '1 figurina' : `${count} figurine`);
const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);
const swapUrl = (swapId: number) => `/scambi?scambio=${swapId}`;

function swapAlert(
  swap: SwapFacts,
  kind: AlertKind,
  recipientId: number,
  title: string,
  body: string,
  ttl = 3 * 24 * HOUR,
): AlertMessage {
  return {
    kind,
    recipientId,
    title,
    body: clip(body),
    url: swapUrl(swap.id),
    tag: `swap-${swap.id}`,
    ttl,
    urgency: 'normal',
  };
}

const ANSWERS = {
  accettato: ['Proposta accettata', (other: string) => `${other} ha accettato: ora scambiatevi le figurine`],
  rifiutato: ['Proposta rifiutata', (other: string) => `${other} ha rifiutato la tua proposta`],
  ritirato: ['Proposta ritirata', (other: string) => `${other} ha ritirato la proposta che ti aveva fatto`],
  annullato: ['Scambio annullato', (other: string) => `${other} ha annullato lo scambio`],
  uscito: ['Scambio annullato', () => "L'altro collezionista non usa più l'app: lo scambio è annullato"],
} as const;

/**
 * Who is told what of `event`, read now: a swap that moved on since (answered, withdrawn, expired) tells
 * nothing stale. Empty when nothing is left to say.
 */
export async function composeAlerts(em: EntityManager, event: AlertEvent): Promise<AlertMessage[]> {
  if (event.kind === 'message') return composeMessageAlert(em, event.matchId, event.recipientId);
  if (event.kind === 'raduno') return composeRadunoAlert(em, event);
  const swap = await readSwap(em, event.swapId);
  if (!swap) return [];
  const otherOf = (userId: number) => (userId === swap.from_user_id ? swap.to_nickname : swap.from_nickname);
  const open = new Date(swap.expires_at).getTime() > Date.now();
  switch (event.kind) {
    case 'proposal': {
      if (swap.status !== 'proposto' || !open) return [];
      // Giving nothing, the proposal asks for doubles put in regalo (issue 49, row 5).
      const asked =
        swap.from_gives === 0
          ? `${swap.from_nickname} ti chiede in regalo ${stickers(swap.to_gives)} (${swap.album})`
          : `${swap.from_nickname} ti propone ${stickers(swap.from_gives)} per ${stickers(swap.to_gives)} (${swap.album})`;
      const body = withMeeting(swap, asked);
      return [swapAlert(swap, 'proposal', event.recipientId, 'Nuova proposta di scambio', body)];
    }
    case 'answer': {
      const [title, body] = ANSWERS[event.outcome];
      const text = body(otherOf(event.recipientId));
      const told = event.outcome === 'accettato' ? withMeeting(swap, text) : text;
      return [swapAlert(swap, 'answer', event.recipientId, title, told)];
    }
    case 'confirmation': {
      const other = otherOf(event.recipientId);
      if (event.completed) {
        const body = `${other} ha confermato: lo scambio è completato. Lascia una valutazione`;
        return [swapAlert(swap, 'confirmation', event.recipientId, 'Scambio completato', body)];
      }
      if (swap.status !== 'accettato' || !open) return [];
      const body = `${other} ha ricevuto le figurine: conferma anche tu quando hai le tue`;
      return [swapAlert(swap, 'confirmation', event.recipientId, 'Conferma anche tu', body)];
    }
    case 'expiring':
      return composeExpiring(swap, open);
  }
}

/** A day before a deadline: the proposal's two sides, or whoever has not confirmed an accepted swap yet. */
function composeExpiring(swap: SwapFacts, open: boolean): AlertMessage[] {
  const left = new Date(swap.expires_at).getTime() - Date.now();
  if (!open || left > 26 * HOUR * 1000) return [];
  const ttl = Math.max(60, Math.floor(left / 1000));
  if (swap.status === 'proposto') {
    return [
      swapAlert(
        swap,
        'expiring',
        swap.to_user_id,
        'Proposta in scadenza',
        `La proposta di ${swap.from_nickname} scade entro 24 ore: rispondi prima che scada`,
        ttl,
      ),
      swapAlert(
        swap,
        'expiring',
        swap.from_user_id,
        'Proposta in scadenza',
        `${swap.to_nickname} non ha ancora risposto alla tua proposta: scade entro 24 ore`,
        ttl,
      ),
    ];
  }
  if (swap.status !== 'accettato') return [];
  const waiting = [
    ...(swap.from_confirmed ? [] : [swap.from_user_id]),
    ...(swap.to_confirmed ? [] : [swap.to_user_id]),
  ];
  return waiting.map((userId) =>
    swapAlert(
      swap,
      'expiring',
      userId,
      'Scambio in scadenza',
      `Conferma lo scambio con ${userId === swap.from_user_id ? swap.to_nickname : swap.from_nickname} entro 24 ore, o annullalo`,
      ttl,
    ),
  );
}

/**
 * A message while its reader is away: nothing if they read it already or have that chat open on any
 * server (open-chats.ts), or if the pair blocked each other since. Several unread ones are told as one.
 */
async function composeMessageAlert(
  em: EntityManager,
  matchId: number,
  recipientId: number,
): Promise<AlertMessage[]> {
  if (await isChatOpen(em, recipientId, matchId)) return [];
  const [row] = await em.execute<{ nickname: string; content: string; unread: number }[]>(
    `select s.nickname, last.content,
            ${unreadCountSql('?')} as unread
       from match m
       join lateral (select ${shownContentSql('x')} as content,
                            x.sender_id from message x
                      where x.match_id = m.id and x.sender_id <> ? order by x.id desc limit 1) last on true
       join app_user s on s.id = last.sender_id
      where m.id = ? and ? in (m.user_low_id, m.user_high_id)
        and not ${blockedEitherWaySql('?', 's.id')}`,
    [recipientId, recipientId, recipientId, matchId, recipientId, recipientId, recipientId],
  );
  if (!row || row.unread === 0) return [];
  return [
    {
      kind: 'message',
      recipientId,
      title: row.unread === 1 ? row.nickname : `${row.nickname}: ${row.unread} nuovi messaggi`,
      body: clip(row.content),
      url: `/chat/${matchId}`,
      tag: `chat-${matchId}`,
      ttl: 24 * HOUR,
      urgency: 'normal',
    },
  ];
}
