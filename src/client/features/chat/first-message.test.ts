import { expect, test } from 'vitest';
import { firstMessage } from './first-message.ts';

const stickers = (...numbers: string[]) => numbers.map((number) => ({ number }));

test('names the 1:1 exchanges possible, numbers as printed, and asks', () => {
  expect(firstMessage('BRUNO', stickers('1', '2', '7'), stickers('11', 'ITA 3'))).toBe(
    'Ciao BRUNO! Possiamo fare 2 scambi: ti do 001, 002 e tu mi dai 011, ITA 3. Ti va?',
  );
  expect(firstMessage('BRUNO', stickers('1'), stickers('11'))).toBe(
    'Ciao BRUNO! Possiamo fare 1 scambio: ti do 001 e tu mi dai 011. Ti va?',
  );
});

test('a long list is cut after ten numbers a side, saying how many more', () => {
  const many = Array.from({ length: 14 }, (_, i) => String(i + 1));
  expect(firstMessage('BRUNO', stickers(...many), stickers(...many.map((n) => `A${n}`)))).toBe(
    'Ciao BRUNO! Possiamo fare 14 scambi: ti do 001, 002, 003, 004, 005, 006, 007, 008, 009, 010 (e altre 4) ' +
      'e tu mi dai A1, A2, A3, A4, A5, A6, A7, A8, A9, A10 (e altre 4). Ti va?',
  );
});

test('with nothing to exchange, a plain greeting', () => {
  expect(firstMessage('BRUNO', [], stickers('11'))).toBe('Ciao BRUNO!');
});
