import { italianInstant } from '../../rpc/schemas/italian-clock.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const ZONED = /(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * `--to` of `npm run restore`: "2026-11-25 10:00" (seconds optional) in Italy's time, or an ISO 8601 time
 * with its zone ("2026-11-25T09:00:00Z"). Anything else, or a time in the future, is refused.
 */
export function parseRecoveryTarget(text: string, now = new Date()): Date {
  const value = text.trim();
  let time: Date;
  const local = LOCAL.exec(value);
  if (local && !ZONED.test(value)) {
    const [year, month, day, hour, minute, second, millis] = local
      .slice(1)
      .map((part, index) => Number(index === 6 ? (part ?? '0').padEnd(3, '0') : (part ?? '0')));
    // Italy's wall clock, the service's, as its collectors live it (summer time or not).
    const minuteStart = italianInstant(
      { year: year ?? 0, month: month ?? 1, day: day ?? 1 },
      hour ?? 0,
      minute,
    );
    time = new Date(minuteStart.getTime() + (second ?? 0) * 1000 + (millis ?? 0));
  } else {
    time = new Date(value);
  }
  if (Number.isNaN(time.getTime())) {
    throw new Error(
      `--to "${text}" is not a time: write it as "2026-11-25 10:00" (Italy's time) or in ISO 8601`,
    );
  }
  if (time.getTime() > now.getTime()) throw new Error(`--to "${text}" is in the future`);
  return time;
}
