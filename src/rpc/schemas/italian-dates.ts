/** Dates as the server's mails and the client's screens both write them (Italy's time, in Italian). */
const DAY = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});
const TIME = new Intl.DateTimeFormat('it-IT', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
});
/** '6 dicembre 2026', in Italy's time whatever the reader's. */
export const italianDay = (date: Date | string) => DAY.format(new Date(date));
/** '6 dicembre 2026 alle 14:05'. */
export const italianMoment = (date: Date | string) =>
  `${italianDay(date)} alle ${TIME.format(new Date(date))}`;
