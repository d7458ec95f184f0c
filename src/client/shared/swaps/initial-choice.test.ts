import { expect, test } from 'vitest';
import { choiceProblem, initialChoice, toggled } from './initial-choice.ts';

const stickers = (...numbers: string[]) => numbers.map((number) => ({ number, name: `Figurina ${number}` }));

test('the chooser starts from as many 1:1 exchanges as both sides allow', () => {
  const choice = initialChoice(stickers('1', '2', '3'), stickers('7', '8'));
  expect([...choice.give]).toEqual(['1', '2']);
  expect([...choice.receive]).toEqual(['7', '8']);
  expect(choiceProblem(choice.give, choice.receive)).toBeNull();
});

test('nothing to receive: nothing chosen, and a proposal needs a sticker on each side', () => {
  const choice = initialChoice(stickers('1'), []);
  expect(choice.give.size).toBe(0);
  expect(choiceProblem(choice.give, choice.receive)).toBe('Scegli almeno una figurina per parte');
});

test('at most 50 a side; a tap toggles one sticker', () => {
  const many = stickers(...Array.from({ length: 60 }, (_, i) => String(i + 1)));
  const choice = initialChoice(many, many);
  expect(choice.give.size).toBe(50);
  const more = toggled(choice.give, '51');
  expect(choiceProblem(more, choice.receive)).toBe('Al massimo 50 figurine per parte');
  expect(toggled(more, '51').size).toBe(50);
});

test("after one sticker of theirs ('Le mie ultime'): that one, for my first double; unknown, the 1:1 start", () => {
  const mine = [{ number: '1' }, { number: '2' }, { number: '4' }];
  const theirs = [{ number: '7' }, { number: '9' }];
  const choice = initialChoice(mine, theirs, '9');
  expect([...choice.give]).toEqual(['1']);
  expect([...choice.receive]).toEqual(['9']);
  expect([...initialChoice(mine, theirs, '5').receive]).toEqual(['7', '9']);
});
