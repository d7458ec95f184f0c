/** The time zone a recovery target without one is read in: the service's, as its collectors live it. */
export const SERVICE_TIME_ZONE = 'Europe/Rome';

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
    const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second, millis);
    // The zone's offset at that moment (checked again at the result, for the hours around a DST change).
    const guess = asUtc - offsetMs(asUtc);
    time = new Date(asUtc - offsetMs(guess));
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

/** How far SERVICE_TIME_ZONE is ahead of UTC at `time`. */
function offsetMs(time: number): number {
  const parts: Record<string, string> = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: SERVICE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(time)
      .map((part) => [part.type, part.value]),
  );
  const at = (type: string) => Number(parts[type]);
  const wall = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'));
  return wall - Math.floor(time / 1000) * 1000;
}
