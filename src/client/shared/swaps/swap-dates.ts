import { formatDate } from '../format/dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'oggi', 'ieri', 'da 3 giorni': how long ago a swap was made, in whole days. */
function age(createdAt: string, now: number) {
  const days = Math.floor((now - new Date(createdAt).getTime()) / DAY_MS);
  if (days <= 0) return 'oggi';
  if (days === 1) return 'ieri';
  return `${days} giorni fa`;
}

/** 'scade oggi', 'scade domani', 'scade tra 6 giorni': the time left in the swap's current step. */
function deadline(expiresAt: string, now: number) {
  const days = Math.ceil((new Date(expiresAt).getTime() - now) / DAY_MS);
  if (days <= 0) return 'scade oggi';
  if (days === 1) return 'scade domani';
  return `scade tra ${days} giorni`;
}

/**
 * The card's date line: the day it was proposed and how long ago, and for an open swap how long its step
 * (an answer, then both confirmations) has left: 'Proposto il 18/11/2026 (7 giorni fa) · scade tra 3 giorni'.
 */
export function swapDateLine(
  swap: { createdAt: string; expiresAt: string; status: string; mode?: 'online' | 'dal_vivo' },
  now = Date.now(),
) {
  // A swap made at a table was never proposed: it happened that day.
  if (swap.mode === 'dal_vivo')
    return `Scambiato il ${formatDate(swap.createdAt)} (${age(swap.createdAt, now)})`;
  const made = `Proposto il ${formatDate(swap.createdAt)} (${age(swap.createdAt, now)})`;
  const open = swap.status === 'proposto' || swap.status === 'accettato';
  return open ? `${made} · ${deadline(swap.expiresAt, now)}` : made;
}
