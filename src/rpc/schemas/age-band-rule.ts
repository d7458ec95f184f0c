/**
 * Age bands (issue 45, docs/decisions/045): from the birth month and year a collector gives, never from
 * anything the client works out. Italy's age of digital consent is 14 (art. 2-quinquies of the Privacy
 * Code); a minor is `14-17` or `under14`. Written without zod: the sign-up form, in the first download,
 * offers only the years this rule allows.
 */
export const AGE_BANDS = ['18+', '14-17', 'under14'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/**
 * The band a collector is now, if it rose past the one they were last told of (their birthday came): a
 * notice once, on Home. Nothing when they were told of none yet, or when an admin's correction lowered it.
 */
export function ageBandRise(
  seen: string | null | undefined,
  now: AgeBand,
): { from: AgeBand; to: AgeBand } | null {
  const from = AGE_BANDS.find((band) => band === seen);
  if (!from || AGE_BANDS.indexOf(now) >= AGE_BANDS.indexOf(from)) return null;
  return { from, to: now };
}

/** The band of an account that has not told its birth date yet: a minor's defaults until it answers. */
export const UNKNOWN_AGE_BAND: AgeBand = '14-17';

export const ADULT_AGE = 18;
export const DIGITAL_CONSENT_AGE = 14;
/** The oldest birth year accepted. */
export const BIRTH_YEAR_MIN = 1900;

export type BirthMonth = { year: number; month: number };

const italianMonthParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
});

/** The calendar month in Italy at `date`: the bands change with Italy's calendar, not the server's. */
export function italianMonth(date: Date): BirthMonth {
  const parts = Object.fromEntries(
    italianMonthParts.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month) };
}

/**
 * Whole years of age in the month `today`. With only a month to go by, the birthday counts once its month
 * is over: a band never rises before the real birthday, at most a few weeks after it.
 */
export function ageInYears(birth: BirthMonth, today: BirthMonth): number {
  return today.year - birth.year - (today.month <= birth.month ? 1 : 0);
}

/**
 * The latest birth month, as `year * 12 + month - 1`, of someone at least `age` in the month `today`: the
 * same rule as ageInYears, for statements that compare stored birth months (months lived, minus the
 * unfinished birthday month, at least 12 × age).
 */
export function latestBirthIndexOfAge(age: number, today: BirthMonth): number {
  return today.year * 12 + (today.month - 1) - 1 - 12 * age;
}

export function ageBandOf(birth: BirthMonth, today: BirthMonth): AgeBand {
  const age = ageInYears(birth, today);
  if (age >= ADULT_AGE) return '18+';
  if (age >= DIGITAL_CONSENT_AGE) return '14-17';
  return 'under14';
}

/** Whether a birth month is one a person can have: not before BIRTH_YEAR_MIN, not after this month. */
export function isPossibleBirthMonth(birth: BirthMonth, today: BirthMonth): boolean {
  if (!Number.isInteger(birth.year) || !Number.isInteger(birth.month)) return false;
  if (birth.month < 1 || birth.month > 12 || birth.year < BIRTH_YEAR_MIN) return false;
  return birth.year < today.year || (birth.year === today.year && birth.month <= today.month);
}

export const isMinor = (band: AgeBand) => band !== '18+';

/** A stored account's birth columns (null until an account from before tells them). */
export type BirthColumns = { birthYear?: number | null; birthMonth?: number | null };

/** The band in force now: an account without a birth date has a minor's, `14-17`, until it answers. */
export function ageBandOfUser(user: BirthColumns, now = new Date()): AgeBand {
  if (user.birthYear == null || user.birthMonth == null) return UNKNOWN_AGE_BAND;
  return ageBandOf({ year: user.birthYear, month: user.birthMonth }, italianMonth(now));
}

/**
 * An adult and a minor (issue 45, row 4): they swap only by a proposal at a Punto Scambio, never start a
 * free chat, and write each other only the set phrases.
 */
export function isAdultAndMinor(a: BirthColumns, b: BirthColumns, now = new Date()): boolean {
  return isMinor(ageBandOfUser(a, now)) !== isMinor(ageBandOfUser(b, now));
}

/** Two minors (issue 45, row 5): a free chat, without contact details. */
export function areBothMinors(a: BirthColumns, b: BirthColumns, now = new Date()): boolean {
  return isMinor(ageBandOfUser(a, now)) && isMinor(ageBandOfUser(b, now));
}
