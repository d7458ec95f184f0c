import { NICKNAME_MAX } from '../../../rpc/schemas/users-limits.ts';

export const NICKNAME_PLACEHOLDER = 'MAX 8 CARATTERI - SOLO LETTERE E NUMERI';

/** What the nickname field keeps of a keystroke: uppercase A–Z and 0–9, at most 8 characters. */
export function normaliseNickname(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, NICKNAME_MAX);
}
