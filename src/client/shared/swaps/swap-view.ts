import { COMPLETION_DAYS } from '../../../rpc/schemas/swaps-limits.ts';
import { displayNumber } from '../format/sticker-number.ts';

export type SwapStatus =
  | 'proposto'
  | 'accettato'
  | 'rifiutato'
  | 'annullato'
  | 'completato'
  | 'scaduto'
  | 'non_completato';
type Person = { id: number; nickname: string };
type Sticker = { number: string; name: string };

/** The fields of a swap the screens read (the server's Swap has them all). */
export type SwapLike = {
  id: number;
  status: SwapStatus;
  from: Person;
  to: Person;
  give: readonly Sticker[];
  receive: readonly Sticker[];
  confirmedBy: readonly number[];
  myRating: number | null;
  canRate: boolean;
  createdAt: string;
  expiresAt: string;
  /** On a proposal: the numbers no longer available, so it can no longer be accepted as it is. */
  unavailable: readonly string[];
  /** 'dal_vivo': made at a table and recorded by the phones; `confirmedBy`, the phones that recorded it. */
  mode?: 'online' | 'dal_vivo';
  /** Recorded in person far from where both live: it counts for nothing (docs/decisions/035). */
  farApart?: boolean;
};

export type SwapAction = 'accept' | 'decline' | 'cancel' | 'confirm';

export const ACTION_LABELS: Record<SwapAction, string> = {
  accept: 'Accetta',
  decline: 'Rifiuta',
  cancel: 'Annulla scambio',
  confirm: 'Conferma ricevute',
};

export const STATUS_LABELS: Record<SwapStatus, string> = {
  proposto: 'Proposto',
  accettato: 'Accettato',
  rifiutato: 'Rifiutato',
  annullato: 'Annullato',
  completato: 'Scambio completato',
  scaduto: 'Scaduto',
  non_completato: 'Non completato',
};

const STATUS_COLORS: Record<SwapStatus, string> = {
  proposto: 'indigo',
  accettato: 'teal',
  rifiutato: 'gray',
  annullato: 'gray',
  completato: 'green',
  scaduto: 'gray',
  non_completato: 'orange',
};

/** A proposal that can no longer be accepted: some of its stickers are gone since. */
export const isStale = (swap: Pick<SwapLike, 'status' | 'unavailable'>) =>
  swap.status === 'proposto' && swap.unavailable.length > 0;

/** The card's badge: the status, or 'Non più valida' for a stale proposal (not an error: it just lapsed). */
export function badgeOf(swap: Pick<SwapLike, 'status' | 'unavailable'>) {
  if (isStale(swap)) return { label: 'Non più valida', color: 'yellow' };
  return { label: STATUS_LABELS[swap.status], color: STATUS_COLORS[swap.status] };
}

/** Open swaps can still change; the others are history. */
export const isOpen = (swap: Pick<SwapLike, 'status'>) =>
  swap.status === 'proposto' || swap.status === 'accettato';

/** The swap from my side: the other collector, what I give and what I receive. */
export function fromMySide(swap: SwapLike, meId: number) {
  const proposer = swap.from.id === meId;
  return {
    other: proposer ? swap.to : swap.from,
    iGive: proposer ? swap.give : swap.receive,
    iReceive: proposer ? swap.receive : swap.give,
    proposer,
  };
}

/**
 * The buttons the viewer may press, as the server's rules allow: the recipient accepts or declines a
 * proposal, its proposer may withdraw it; once accepted each confirms receipt once, and either may cancel
 * until someone has confirmed.
 */
export function actionsFor(swap: SwapLike, meId: number): SwapAction[] {
  const proposer = swap.from.id === meId;
  if (isStale(swap)) return proposer ? ['cancel'] : ['decline'];
  if (swap.status === 'proposto') return proposer ? ['cancel'] : ['accept', 'decline'];
  if (swap.status === 'accettato') {
    if (swap.confirmedBy.length === 0) return ['confirm', 'cancel'];
    return swap.confirmedBy.includes(meId) ? [] : ['confirm'];
  }
  return [];
}

/** A line under the card saying what the swap is waiting for, from the viewer's side. */
export function waitingText(swap: SwapLike, meId: number): string | null {
  const { other, proposer } = fromMySide(swap, meId);
  if (isStale(swap)) return staleText(swap, meId);
  if (swap.status === 'proposto') {
    return proposer
      ? `In attesa della risposta di ${other.nickname}`
      : `${other.nickname} ti propone questo scambio`;
  }
  if (swap.status === 'accettato') {
    if (swap.confirmedBy.includes(meId)) return `Hai confermato: manca la conferma di ${other.nickname}`;
    if (swap.confirmedBy.includes(other.id))
      return `${other.nickname} ha confermato: conferma quando ricevi le figurine, o segnala ${other.nickname} se non arrivano`;
    return 'Figurine riservate: confermate quando le avete ricevute';
  }
  // The other's record alone is never shown to me: a swap made in person that I see, my phone recorded.
  if (swap.mode === 'dal_vivo' && swap.status === 'completato') {
    if (!swap.confirmedBy.includes(other.id))
      return `Scambio dal vivo: si potrà valutare quando anche il telefono di ${other.nickname} lo avrà registrato`;
    if (swap.farApart)
      return 'Scambio dal vivo registrato lontano da dove abitate: non conta negli scambi e non si può valutare';
    return null;
  }
  if (swap.status === 'non_completato') {
    if (swap.confirmedBy.includes(meId))
      return `${other.nickname} non ha confermato entro ${COMPLETION_DAYS} giorni`;
    if (swap.confirmedBy.includes(other.id)) return `Non hai confermato entro ${COMPLETION_DAYS} giorni`;
    return `Nessuno dei due ha confermato entro ${COMPLETION_DAYS} giorni`;
  }
  return null;
}

/** What a stale proposal lost, and what the two could still swap of it. */
function staleText(swap: SwapLike, meId: number) {
  const gone = new Set(swap.unavailable);
  const { iGive, iReceive } = fromMySide(swap, meId);
  const left = (stickers: readonly Sticker[]) =>
    stickers.filter((sticker) => !gone.has(sticker.number)).map((sticker) => displayNumber(sticker.number));
  const [give, receive] = [left(iGive), left(iReceive)];
  const lost = `${swap.unavailable.map(displayNumber).join(', ')} ${gone.size === 1 ? 'non è più disponibile' : 'non sono più disponibili'}`;
  // A gift gives nothing on one side from the start (issue 49, row 5): only a side emptied by now ends it.
  if ((iGive.length > 0 && give.length === 0) || (iReceive.length > 0 && receive.length === 0))
    return `${lost}: di questa proposta non resta uno scambio possibile`;
  const still = [
    ...(give.length > 0 ? [`do ${give.join(', ')}`] : []),
    ...(receive.length > 0 ? [`ricevo ${receive.join(', ')}`] : []),
  ];
  return `${lost}. Resta possibile: ${still.join(', ')}`;
}
