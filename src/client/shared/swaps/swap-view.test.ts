import { expect, test } from 'vitest';
import { actionsFor, fromMySide, type SwapLike, waitingText, waitsForMe } from './swap-view.ts';

const anna = { id: 1, nickname: 'Anna' };
const bruno = { id: 2, nickname: 'Bruno' };
const swap = (overrides: Partial<SwapLike> = {}): SwapLike => ({
  id: 9,
  status: 'proposto',
  from: anna,
  to: bruno,
  give: [{ number: '1', name: 'Uno' }],
  receive: [{ number: '2', name: 'Due' }],
  confirmedBy: [],
  myRating: null,
  ...overrides,
});

test('a proposal: the recipient accepts or declines, the proposer may withdraw it', () => {
  expect(actionsFor(swap(), bruno.id)).toEqual(['accept', 'decline']);
  expect(actionsFor(swap(), anna.id)).toEqual(['cancel']);
  expect(waitsForMe(swap(), bruno.id)).toBe(true);
  expect(waitsForMe(swap(), anna.id)).toBe(false);
  expect(waitingText(swap(), anna.id)).toBe('In attesa della risposta di Bruno');
});

test('accepted: each confirms once, either may cancel', () => {
  const accepted = swap({ status: 'accettato', confirmedBy: [anna.id] });
  expect(actionsFor(accepted, anna.id)).toEqual(['cancel']);
  expect(actionsFor(accepted, bruno.id)).toEqual(['confirm', 'cancel']);
  expect(waitsForMe(accepted, bruno.id)).toBe(true);
  expect(waitsForMe(accepted, anna.id)).toBe(false);
  expect(waitingText(accepted, anna.id)).toBe('Hai confermato: manca la conferma di Bruno');
});

test('closed swaps offer no action', () => {
  for (const status of ['rifiutato', 'annullato', 'completato', 'scaduto'] as const) {
    expect(actionsFor(swap({ status }), anna.id)).toEqual([]);
    expect(actionsFor(swap({ status }), bruno.id)).toEqual([]);
  }
});

test('the recipient sees the lists the other way round', () => {
  const mine = fromMySide(swap(), bruno.id);
  expect(mine.other).toEqual(anna);
  expect(mine.iGive.map((s) => s.number)).toEqual(['2']);
  expect(mine.iReceive.map((s) => s.number)).toEqual(['1']);
});
