import { italianClock, italianInstant } from '../../../rpc/schemas/italian-clock.ts';
import type { OpeningInterval } from '../../../rpc/schemas/swap-points.ts';
import { WEEKDAY_NAMES } from '../../../rpc/schemas/swap-points.ts';
import { SLOT_DAYS_AHEAD, SLOT_MINUTES, slotProblem } from '../../../rpc/schemas/swap-slot-rule.ts';

/** An Italian calendar day, as the form offers it. */
export type MeetingDay = { year: number; month: number; day: number; weekday: number };

const STEP_MINUTES = 15;
export const MEETING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const dayKey = (day: MeetingDay) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
/** 'sabato 05/12' */
export const dayLabel = (day: MeetingDay) =>
  `${WEEKDAY_NAMES[day.weekday - 1]} ${String(day.day).padStart(2, '0')}/${String(day.month).padStart(2, '0')}`;

/** The Italian days from today on which a meeting may fall (the next SLOT_DAYS_AHEAD days). */
export function meetingDays(now = new Date()): MeetingDay[] {
  const days: MeetingDay[] = [];
  // Noon of each day, so a summer-time change never skips or repeats one.
  const noon = italianInstant(italianClock(now), 12);
  for (let offset = 0; offset < SLOT_DAYS_AHEAD; offset += 1) {
    const clock = italianClock(new Date(noon.getTime() + offset * 24 * 60 * 60 * 1000));
    days.push({ year: clock.year, month: clock.month, day: clock.day, weekday: clock.weekday });
  }
  return days;
}

/** The slot that starts at `start` ('HH:MM', Italian time) on `day` and lasts `minutes`. */
export function meetingSlot(day: MeetingDay, start: string, minutes: number) {
  const begins = italianInstant(day, Number(start.slice(0, 2)), Number(start.slice(3, 5)));
  return { start: begins, end: new Date(begins.getTime() + minutes * 60_000) };
}

/**
 * The start times a place offers on `day`, every 15 minutes, each leaving room for the shortest meeting
 * before closing and not yet past; with the durations that fit from each.
 */
export function meetingStarts(
  day: MeetingDay,
  hours: readonly OpeningInterval[],
  now = new Date(),
): { start: string; durations: number[] }[] {
  const starts: { start: string; durations: number[] }[] = [];
  for (const interval of hours.filter((one) => one.day === day.weekday)) {
    const closes = minutesOf(interval.closes);
    for (
      let minute = minutesOf(interval.opens);
      minute + SLOT_MINUTES.min <= closes;
      minute += STEP_MINUTES
    ) {
      const start = timeOf(minute);
      const durations = MEETING_DURATIONS.filter(
        (length) => slotProblem(meetingSlot(day, start, length), hours, now) === undefined,
      );
      if (durations.length > 0) starts.push({ start, durations });
    }
  }
  return starts.sort((a, b) => a.start.localeCompare(b.start));
}

const wallTime = (date: Date) => {
  const clock = italianClock(date);
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
};

/**
 * A swap's meeting as its card says it, Italian time: 'sabato 05/12, 11:00–11:30' and 'Edicola del Duomo,
 * Piazza del Duomo 1 (Milano)'.
 */
export function meetingLines(meeting: {
  name: string;
  address: string;
  comune: string | null;
  slotStart: string;
  slotEnd: string;
}) {
  const start = new Date(meeting.slotStart);
  const clock = italianClock(start);
  const day = dayLabel({ year: clock.year, month: clock.month, day: clock.day, weekday: clock.weekday });
  return {
    when: `${day}, ${wallTime(start)}–${wallTime(new Date(meeting.slotEnd))}`,
    where: `${meeting.name}, ${meeting.address}${meeting.comune ? ` (${meeting.comune})` : ''}`,
  };
}
