type Section = { section: string | null; numbers: readonly string[] };

/** The name of the stickers with no section, in an album that names some. */
export const NO_SECTION = 'Altre';

/** 'Squadre: 12, 45' per section when the album names sections, else the numbers on one line. */
export function sectionLines(sections: readonly Section[]): { title: string | null; numbers: string }[] {
  const named = sections.some((entry) => entry.section !== null);
  return sections.map((entry) => ({
    title: named ? (entry.section ?? NO_SECTION) : null,
    numbers: entry.numbers.join(', '),
  }));
}

/**
 * The text to copy, share or paste into an order: the album, how many, then the numbers as the album
 * prints them, in its order, a line per section ('12, 45, 101, P3').
 */
export function orderListText(albumName: string, missing: number, sections: readonly Section[]): string {
  const lines = sectionLines(sections).map(({ title, numbers }) =>
    title ? `${title}: ${numbers}` : numbers,
  );
  return [`${albumName} — ${missingText(missing)} da ordinare`, ...lines].join('\n');
}

export const missingText = (missing: number) => (missing === 1 ? '1 figurina' : `${missing} figurine`);

const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
/** '12,50 €'. */
export const euros = (cents: number) => EURO.format(cents / 100);
