import type { RouterOutputs } from '../api/trpc.ts';

type Reputation = RouterOutputs['swaps']['reputation'];

const starsFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '8 scambi, di cui 2 dal vivo': swaps counted once per partner a week (docs/decisions/035). */
export function completedSwapsLabel(count: number, inPerson = 0): string {
  const swaps = count === 1 ? '1 scambio' : `${count} scambi`;
  return inPerson > 0 ? `${swaps}, di cui ${inPerson} dal vivo` : swaps;
}

/**
 * '★ 4,5 · 12 collezionisti · 8 scambi, di cui 2 dal vivo': the mean of each rater's latest stars and how
 * many different collectors rated; a collector nobody has rated yet says so instead of a star.
 */
export function reputationText({ average, ratings, completedSwaps, inPersonSwaps }: Reputation): string {
  const raters = ratings === 1 ? '1 collezionista' : `${ratings} collezionisti`;
  const stars =
    average === null || ratings === 0 ? 'Nessun voto' : `★ ${starsFormat.format(average)} · ${raters}`;
  return `${stars} · ${completedSwapsLabel(completedSwaps, inPersonSwaps)}`;
}
