export type Reputation = { average: number | null; ratings: number; completedSwaps: number };

const starsFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function completedSwapsLabel(count: number): string {
  return count === 1 ? '1 scambio' : `${count} scambi`;
}

/** '★ 4,5 (12) · 8 scambi'; a collector nobody has rated yet says so instead of a star. */
export function reputationText({ average, ratings, completedSwaps }: Reputation): string {
  const stars =
    average === null || ratings === 0 ? 'Nessun voto' : `★ ${starsFormat.format(average)} (${ratings})`;
  return `${stars} · ${completedSwapsLabel(completedSwaps)}`;
}
