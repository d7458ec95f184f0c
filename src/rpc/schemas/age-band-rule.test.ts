import { expect, test } from 'vitest';
import {
  ageBandOf,
  ageInYears,
  isPossibleBirthMonth,
  italianMonth,
  latestBirthIndexOfAge,
} from './age-band-rule.ts';
import { registerInput } from './auth.ts';
import { profileInput } from './users.ts';

test('a birthday counts once its month is over: the band never rises before the real birthday', () => {
  const born = { year: 2012, month: 3 };
  expect(ageInYears(born, { year: 2026, month: 2 })).toBe(13);
  expect(ageInYears(born, { year: 2026, month: 3 })).toBe(13);
  expect(ageInYears(born, { year: 2026, month: 4 })).toBe(14);
  expect(ageBandOf(born, { year: 2026, month: 3 })).toBe('under14');
  expect(ageBandOf(born, { year: 2026, month: 4 })).toBe('14-17');
  expect(ageBandOf({ year: 2008, month: 12 }, { year: 2026, month: 12 })).toBe('14-17');
  expect(ageBandOf({ year: 2008, month: 12 }, { year: 2027, month: 1 })).toBe('18+');
  expect(ageBandOf({ year: 1950, month: 1 }, { year: 2026, month: 1 })).toBe('18+');
});

test("Italy's calendar decides the month: 23:30 UTC on 31 December is already January in Rome", () => {
  expect(italianMonth(new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1 });
  expect(italianMonth(new Date('2026-07-31T21:59:00Z'))).toEqual({ year: 2026, month: 7 });
  expect(italianMonth(new Date('2026-07-31T22:00:00Z'))).toEqual({ year: 2026, month: 8 });
});

test('an impossible birth month is refused: before 1900, after this month, not a month', () => {
  const today = { year: 2026, month: 11 };
  expect(isPossibleBirthMonth({ year: 2026, month: 11 }, today)).toBe(true);
  expect(isPossibleBirthMonth({ year: 2026, month: 12 }, today)).toBe(false);
  expect(isPossibleBirthMonth({ year: 1899, month: 12 }, today)).toBe(false);
  expect(isPossibleBirthMonth({ year: 1990, month: 13 }, today)).toBe(false);
  expect(isPossibleBirthMonth({ year: 1990.5, month: 1 }, today)).toBe(false);
});

test('sign-up and profile name the missing or impossible field in Italian', () => {
  const base = { nickname: 'ANNA', password: 'segreto1', cap: '20121' };
  const message = (result: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  expect(message(registerInput.safeParse(base))).toEqual([
    "birthYear: Indica l'anno di nascita",
    'birthMonth: Indica il mese di nascita',
  ]);
  const nextYear = italianMonth(new Date()).year + 1;
  expect(message(registerInput.safeParse({ ...base, birthYear: nextYear, birthMonth: 1 }))).toEqual([
    'birthYear: Data di nascita non valida',
  ]);
  expect(message(registerInput.safeParse({ ...base, birthYear: 1990, birthMonth: 0 }))).toEqual([
    'birthMonth: Data di nascita non valida',
  ]);
  expect(message(profileInput.safeParse({ nickname: 'ANNA', cap: '20121', birthYear: 1990 }))).toEqual([
    'birthMonth: Indica il mese di nascita',
  ]);
  expect(profileInput.safeParse({ nickname: 'ANNA', cap: '20121' }).success).toBe(true);
});

test('latestBirthIndexOfAge draws the line ageBandOf draws, month by month', () => {
  for (const today of [
    { year: 2026, month: 1 },
    { year: 2026, month: 7 },
    { year: 2026, month: 12 },
  ]) {
    for (let index = (today.year - 30) * 12; index <= today.year * 12 + today.month - 1; index += 1) {
      const birth = { year: Math.floor(index / 12), month: (index % 12) + 1 };
      expect(index <= latestBirthIndexOfAge(18, today), `${birth.year}-${birth.month}`).toBe(
        ageBandOf(birth, today) === '18+',
      );
      expect(index <= latestBirthIndexOfAge(14, today)).toBe(ageBandOf(birth, today) !== 'under14');
    }
  }
});
