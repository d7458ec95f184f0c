type Removed = { sessionsRemoved: number; throttlesRemoved: number; reportsRemoved: number };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The toast after a manual clean-up: what went, in Italian with the right singular and plural. */
export function maintenanceSummary({ sessionsRemoved, throttlesRemoved, reportsRemoved }: Removed): string {
  if (sessionsRemoved + throttlesRemoved + reportsRemoved === 0) return "Non c'era niente da eliminare";
  return `Eliminati: ${[
    count(sessionsRemoved, 'sessione scaduta', 'sessioni scadute'),
    count(throttlesRemoved, 'contatore di accesso', 'contatori di accesso'),
    count(reportsRemoved, 'segnalazione risolta', 'segnalazioni risolte'),
  ].join(', ')}`;
}
