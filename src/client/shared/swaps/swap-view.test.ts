import { expect, test } from 'vitest';
import {
  actionsFor,
  badgeOf,
  fromMySide,
  isOpen,
  STATUS_LABELS,
  type SwapLike,
  waitingText,
} from './swap-view.ts';

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
  canRate: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  unavailable: [],
  ...overrides,
});

test('a proposal: the recipient accepts or declines, the proposer may withdraw it', () => {
  expect(actionsFor(swap(), bruno.id)).toEqual(['accept', 'decline']);
  expect(actionsFor(swap(), anna.id)).toEqual(['cancel']);
  expect(waitingText(swap(), anna.id)).toBe('In attesa della risposta di Bruno');
});

test('accepted: either may cancel until one confirms; then the other may only confirm', () => {
  const accepted = swap({ status: 'accettato' });
  expect(actionsFor(accepted, anna.id)).toEqual(['confirm', 'cancel']);
  expect(actionsFor(accepted, bruno.id)).toEqual(['confirm', 'cancel']);
  const confirmed = swap({ status: 'accettato', confirmedBy: [anna.id] });
  expect(actionsFor(confirmed, anna.id)).toEqual([]);
  expect(actionsFor(confirmed, bruno.id)).toEqual(['confirm']);
  expect(waitingText(confirmed, anna.id)).toBe('Hai confermato: manca la conferma di Bruno');
  expect(waitingText(confirmed, bruno.id)).toBe(
    'Anna ha confermato: conferma quando ricevi le figurine, o segnala Anna se non arrivano',
  );
});

test('not completed in 14 days: history, in Italian, saying who may rate', () => {
  const ended = swap({ status: 'non_completato', confirmedBy: [anna.id] });
  expect(STATUS_LABELS.non_completato).toBe('Non completato');
  expect(isOpen(ended)).toBe(false);
  expect(waitingText(ended, anna.id)).toBe('Bruno non ha confermato entro 14 giorni');
  expect(waitingText(ended, bruno.id)).toBe('Non hai confermato entro 14 giorni');
  expect(waitingText(swap({ status: 'non_completato' }), anna.id)).toBe(
    'Nessuno dei due ha confermato entro 14 giorni',
  );
});

test('closed swaps offer no action', () => {
  for (const status of ['rifiutato', 'annullato', 'completato', 'scaduto', 'non_completato'] as const) {
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

test('a proposal that can no longer be accepted reads "Non più valida" with what is still possible, no accept', () => {
  const stale = swap({
    give: [
      { number: '1', name: 'Uno' },
      { number: '3', name: 'Tre' },
    ],
    unavailable: ['1'],
  });
  expect(badgeOf(stale)).toEqual({ label: 'Non più valida', color: 'yellow' });
  expect(actionsFor(stale, bruno.id)).toEqual(['decline']);
  expect(actionsFor(stale, anna.id)).toEqual(['cancel']);
  expect(waitingText(stale, bruno.id)).toBe('001 non è più disponibile. Resta possibile: do 002, ricevo 003');
  expect(waitingText(swap({ unavailable: ['1'] }), anna.id)).toBe(
    '001 non è più disponibile: di questa proposta non resta uno scambio possibile',
  );
});

test('a swap dal vivo recorded by my phone alone says the other has still to record it; one far from home says it counts for nothing', () => {
  const atTable = swap({ status: 'completato', mode: 'dal_vivo', confirmedBy: [anna.id], farApart: false });
  expect(waitingText(atTable, anna.id)).toBe(
    `Scambio dal vivo: si potrà valutare quando anche il telefono di ${bruno.nickname} lo avrà registrato`,
  );
  expect(waitingText({ ...atTable, confirmedBy: [anna.id, bruno.id] }, bruno.id)).toBeNull();
  expect(waitingText({ ...atTable, confirmedBy: [anna.id, bruno.id], farApart: true }, bruno.id)).toBe(
    'Scambio dal vivo registrato lontano da dove abitate: non conta negli scambi e non si può valutare',
  );
});

test('a gift gives nothing on one side from the start: a stale one still says what it can get', () => {
  const gift = swap({
    give: [],
    receive: [
      { number: '2', name: 'Due' },
      { number: '4', name: 'Quattro' },
    ],
    unavailable: ['2'],
  });
  expect(waitingText(gift, anna.id)).toBe('002 non è più disponibile. Resta possibile: ricevo 004');
  expect(waitingText(gift, bruno.id)).toBe('002 non è più disponibile. Resta possibile: do 004');
  expect(waitingText({ ...gift, receive: [{ number: '2', name: 'Due' }] }, anna.id)).toBe(
    '002 non è più disponibile: di questa proposta non resta uno scambio possibile',
  );
});
