/** /album/$albumId/ultime?numero=12: one missing sticker only (its detail's 'Chi ce l'ha vicino'). */
export type LastStickersSearch = { numero?: string };

export function validateLastStickersSearch(search: Record<string, unknown>): LastStickersSearch {
  const numero = typeof search.numero === 'number' ? String(search.numero) : search.numero;
  return typeof numero === 'string' && numero.trim() !== '' && numero.length <= 20
    ? { numero: numero.trim() }
    : {};
}
