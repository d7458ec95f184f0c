export type Reputation = { average: number | null; ratings: number; completedSwaps: number };

const starsFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function completedSwapsLabel(count: number): string {
  return count === 1 ? '1 scambio' : `${count} scambi`;
}

/**
 * '★ 4,5 · 12 collezionisti · 8 scambi': the mean of each rater's latest stars and how many different
 * collectors rated; a collector nobody has rated yet says so instead of a star.
 */
export function reputationText({ average, ratings, completedSwaps }: Reputation): string {
  const raters = ratings === 1 ? '1 collezionista' : `${ratings} collezionisti`;
  const stars =
    average === null || ratings === 0 ? 'Nessun voto' : `★ ${starsFormat.format(average)} · ${raters}`;
  return `${stars} · ${completedSwapsLabel(completedSwaps)}`;
}
