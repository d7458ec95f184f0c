import { expect, test } from 'vitest';
import { swapDateLine } from './swap-dates.ts';

const now = new Date('2026-11-25T12:00:00Z').getTime();
const daysFromNow = (days: number) => new Date(now + days * 24 * 60 * 60 * 1000).toISOString();

test('an open swap says when it was proposed, how long ago, and the days left in its step', () => {
  const swap = { status: 'proposto', createdAt: daysFromNow(-4), expiresAt: daysFromNow(3) };
  expect(swapDateLine(swap, now)).toBe('Proposto il 21/11/2026 (4 giorni fa) · scade tra 3 giorni');
  expect(swapDateLine({ ...swap, createdAt: daysFromNow(0), expiresAt: daysFromNow(7) }, now)).toBe(
    'Proposto il 25/11/2026 (oggi) · scade tra 7 giorni',
  );
  expect(swapDateLine({ ...swap, createdAt: daysFromNow(-1), expiresAt: daysFromNow(0.5) }, now)).toBe(
    'Proposto il 24/11/2026 (ieri) · scade domani',
  );
});

test('an ended swap keeps only its date', () => {
  const swap = { status: 'completato', createdAt: daysFromNow(-10), expiresAt: daysFromNow(-2) };
  expect(swapDateLine(swap, now)).toBe('Proposto il 15/11/2026 (10 giorni fa)');
});

test('a swap made at a table says the day it happened, not a proposal', () => {
  const swap = {
    status: 'completato',
    mode: 'dal_vivo' as const,
    createdAt: daysFromNow(-1),
    expiresAt: daysFromNow(-1),
  };
  expect(swapDateLine(swap, now)).toBe('Scambiato il 24/11/2026 (ieri)');
});
