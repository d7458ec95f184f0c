import type { EntityManager } from '@mikro-orm/postgresql';
import { Album } from '../db/entities/album.ts';
import { addStickers, type NewSticker } from './sticker-slots.ts';

// Invented content only: no club, player or checklist of a real publisher.
const TEAMS = [
  'Aquile del Brenta',
  'Lupi della Sila',
  'Delfini di Scilla',
  'Falchi del Gran Sasso',
  'Orsi di Camosciara',
  'Cervi del Cansiglio',
  'Gabbiani di Ponza',
  'Stambecchi di Cogne',
  'Volpi delle Langhe',
  'Cinghiali del Cilento',
  'Aironi del Delta',
  'Mufloni del Gennargentu',
  'Caprioli del Casentino',
  'Fenicotteri di Cagliari',
  'Tassi della Murgia',
  'Ricci del Montefeltro',
  'Civette di Maremma',
  'Lontre del Tanagro',
  'Camosci del Brenta',
  'Gufi della Val Grande',
];
const FIRST_NAMES = [
  'Marco',
  'Luca',
  'Giulio',
  'Matteo',
  'Davide',
  'Andrea',
  'Simone',
  'Pietro',
  'Tommaso',
  'Riccardo',
  'Elia',
  'Nicolò',
  'Filippo',
  'Samuele',
  'Gabriele',
  'Edoardo',
  'Leonardo',
];
const LAST_NAMES = [
  'Ferravento',
  'Casalpino',
  'Rivabella',
  'Montecorvo',
  'Belsito',
  'Pratolungo',
  'Valdisole',
  'Fontanari',
  'Roccaforte',
  'Serralunga',
  'Borgonero',
  'Campobasso',
  'Acquaviva',
  'Pietrasanta',
  'Torrebianca',
  'Castelmare',
  'Selvapiana',
  'Poggiolino',
  'Lagorosso',
];
const ROLES = ['Portiere', 'Difensore', 'Centrocampista', 'Attaccante'];
const SPECIALS = [
  'Lo stadio delle Aquile',
  'Il trofeo',
  'La mascotte',
  'Il pallone ufficiale',
  'Gol della stagione',
  'Parata della stagione',
  'I capitani',
  'Le maglie storiche',
  'Il derby del Nord',
  'Il derby del Sud',
  'La coppa di lega',
  'Gli arbitri',
  'I tifosi',
  'La festa finale',
  'Il miglior giovane',
  'Il capocannoniere',
  'Il miglior portiere',
  "L'allenatore dell'anno",
  'La squadra ideale',
  'Il calendario',
];
/** Out of the album's completion (issue 49): the shiny ones sold apart. */
const EXTRAS = ["Pallone d'oro", "Scarpa d'oro", 'Leggenda del campionato', 'Il più giovane in campo'];
const ANIMALS = [
  'Lupo',
  'Orso bruno',
  'Volpe',
  'Cervo',
  'Capriolo',
  'Camoscio',
  'Stambecco',
  'Marmotta',
  'Scoiattolo',
  'Riccio',
  'Tasso',
  'Lontra',
  'Cinghiale',
  'Lepre',
  'Istrice',
  'Aquila reale',
  'Gufo reale',
  'Civetta',
  'Picchio verde',
  'Airone cenerino',
  'Fenicottero',
  'Cicogna',
  'Gabbiano',
  'Martin pescatore',
  'Upupa',
  'Falco pellegrino',
  'Rondine',
  'Delfino',
  'Balenottera',
  'Tartaruga marina',
  'Cavalluccio marino',
  'Polpo',
  'Stella marina',
  'Medusa',
  'Murena',
  'Cernia',
  'Salamandra',
  'Rana verde',
  'Tritone',
  'Ramarro',
  'Vipera',
  'Biscia',
  'Farfalla macaone',
  'Coccinella',
  'Cervo volante',
];
const ANIMAL_CARDS = ['ritratto', 'nel suo ambiente', 'da cucciolo', 'curiosità'];

function footballStickers(): NewSticker[] {
  const stickers: NewSticker[] = [];
  TEAMS.forEach((team, t) => {
    stickers.push({ number: String(t * 35 + 1), name: `Scudetto ${team}`, team });
    for (let i = 1; i < 35; i += 1) {
      const n = t * 35 + i;
      const first = FIRST_NAMES[(n * 7) % FIRST_NAMES.length] as string;
      const last = LAST_NAMES[(n * 11 + t) % LAST_NAMES.length] as string;
      const role = ROLES[Math.min(3, Math.floor((i - 1) / 9))] as string;
      stickers.push({ number: String(n + 1), name: `${first} ${last}`, team, description: role });
    }
  });
  for (const [i, name] of SPECIALS.entries())
    stickers.push({ number: `SPE ${i + 1}`, name, team: 'Speciali', kind: 'speciale', section: 'Speciali' });
  for (const [i, name] of EXTRAS.entries())
    stickers.push({ number: `EXT ${i + 1}`, name, team: null, kind: 'extra', section: 'Extra' });
  return stickers;
}

function animalStickers(): NewSticker[] {
  return ANIMALS.flatMap((animal, a) =>
    ANIMAL_CARDS.map((card, c) => ({
      number: String(a * ANIMAL_CARDS.length + c + 1),
      name: `${animal}: ${card}`,
      team: null,
    })),
  );
}

export const DEMO_ALBUMS = [
  { name: 'Campionato Fantasia 2026', year: 2026, stickers: footballStickers },
  { name: 'Animali della Natura', year: 2025, stickers: animalStickers },
];

/** On an empty catalogue, adds the demo albums (SEED_DEMO=1), so a newcomer finds something to collect. */
export async function seedDemoCatalogue(em: EntityManager, print: (line: string) => void): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('lock table album in exclusive mode');
    if ((await tx.count(Album)) > 0) return;
    for (const [position, demo] of DEMO_ALBUMS.entries()) {
      const album = tx.create(Album, { name: demo.name, year: demo.year, position });
      await tx.flush();
      await addStickers(tx, album, demo.stickers());
    }
    print(`Catalogo demo creato: ${DEMO_ALBUMS.map((demo) => demo.name).join(', ')}`);
  });
}
