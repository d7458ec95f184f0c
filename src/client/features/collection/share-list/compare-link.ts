/** The comparison's address, `/confronta/<album>`; the lists ride in its search, never a place. */
export const COMPARE_PATH = '/confronta';

/** Longest range a link may spell out: no album has more stickers in one section. */
const RANGE_MAX = 1000;
const FIRST_ENTRY = /^(.*?)(\d+)(?:-(\d+))?(?: x\d+)?$/;
const NEXT_ENTRY = /^(\d+)(?:-(\d+))?(?: x\d+)?$/;

export type SharedList = { from: string; missing: string[] | null; doubles: string[] | null };

/** The link in a shared list: who sent it, which album, and the lines of each list they chose to share. */
export function compareLink(origin: string, albumId: number, shared: SharedList): string {
  const search = new URLSearchParams({ da: shared.from });
  if (shared.missing) search.set('mancano', shared.missing.join('\n'));
  if (shared.doubles) search.set('doppie', shared.doubles.join('\n'));
  return `${origin}${COMPARE_PATH}/${albumId}?${search.toString()}`;
}

/** The numbers a list's lines name (`ITA 6-11, 13` is ITA 6…ITA 11 and ITA 13), each once. */
export function numbersOfLines(lines: readonly string[]): string[] {
  const numbers = new Set<string>();
  const add = (prefix: string, from: string, to: string | undefined) => {
    const last = to === undefined ? Number(from) : Number(to);
    if (to === undefined || last < Number(from) || last - Number(from) > RANGE_MAX) {
      numbers.add(`${prefix}${from}`);
      return;
    }
    for (let n = Number(from); n <= last; n += 1) numbers.add(`${prefix}${n}`);
  };
  for (const line of lines) {
    const [first = '', ...rest] = line.split(',').map((entry) => entry.trim());
    const head = FIRST_ENTRY.exec(first);
    if (!head) {
      if (first) numbers.add(first);
      continue;
    }
    const prefix = head[1] ?? '';
    add(prefix, head[2] ?? '', head[3]);
    for (const entry of rest) {
      const next = NEXT_ENTRY.exec(entry);
      if (next) add(prefix, next[1] ?? '', next[2]);
      else if (entry) numbers.add(entry);
    }
  }
  return [...numbers];
}

/** The link's search as the route reads it: each list as its lines, or null when not shared. */
export function validateCompareSearch(search: Record<string, unknown>): {
  da?: string;
  mancano?: string;
  doppie?: string;
} {
  // The router reads `?mancano=12` as the number 12.
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 20_000) : undefined;
  const da = text(search.da)?.slice(0, 40);
  const mancano = text(search.mancano);
  const doppie = text(search.doppie);
  return {
    ...(da !== undefined && { da }),
    ...(mancano !== undefined && { mancano }),
    ...(doppie !== undefined && { doppie }),
  };
}
