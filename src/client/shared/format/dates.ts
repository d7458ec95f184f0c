const dateFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** 22/11/2026 */
export const formatDate = (value: Date | string) => dateFormat.format(toDate(value));
/** 22/11/26, 14:05 */
export const formatDateTime = (value: Date | string) => dateTimeFormat.format(toDate(value));
/** 14:05 */
export const formatTime = (value: Date | string) => timeFormat.format(toDate(value));
