import { type Place, shownDistanceKm } from '../../../rpc/schemas/place.ts';

/**
 * Where another collector is, the same words on every screen (Match, Le mie ultime, Home, chat):
 * 'Segrate · 9 km'. Points are comuni (docs/cap-data.md), so 0 km means the same comune: 'Milano · nel tuo
 * comune'. Rounded as the server rounds (never '0 km' or '< 1 km' between two comuni); without a comune,
 * the distance alone. Never a CAP: the server sends none (issue 43); for a minor, 'entro 5 km' alone.
 */
export function placeText({ comune, distanceKm, within }: Place): string {
  // A minor's place: only the band (issue 45, row 6).
  if (within) return `entro ${distanceKm} km`;
  const km = shownDistanceKm(distanceKm);
  if (km === 0) return comune === null ? 'nella tua zona' : `${comune} · nel tuo comune`;
  // Whole km under 10,000 (Italy is 1,300 km long): Italian writes them without a separator ('1021 km').
  const distance = `${km} km`;
  return comune === null ? distance : `${comune} · ${distance}`;
}
