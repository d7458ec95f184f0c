// The one place the client writes dates for people to read: Italian order, day and month in two digits,
// the year in full, the time on 24 hours. Nothing else formats a date (decided in issue 14).
const day = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const dateFormat = new Intl.DateTimeFormat('it-IT', day);
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', { ...day, ...time });
const timeFormat = new Intl.DateTimeFormat('it-IT', time);

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** 22/11/2026 */
export const formatDate = (value: Date | string) => dateFormat.format(toDate(value));
/** 22/11/2026, 14:05 */
export const formatDateTime = (value: Date | string) => dateTimeFormat.format(toDate(value));
/** 14:05 */
export const formatTime = (value: Date | string) => timeFormat.format(toDate(value));

const weekdayDateTimeFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', ...day, ...time });
/** domenica 06/12/2026, 10:00 */
export const formatWeekdayDateTime = (value: Date | string) => weekdayDateTimeFormat.format(toDate(value));
