import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The app's source under src/, tests aside: they may spell a rule's SQL to check it. */
function sourceFiles(): string[] {
  return fs
    .globSync('src/**/*.{ts,tsx}', { cwd: repoRoot })
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * Where the source spells `pattern`, as `file:line`: a rule with one home (a SQL fragment, a function)
 * expects its home alone, so that a second copy pasted anywhere fails its test.
 */
export function spellingsOf(pattern: RegExp): string[] {
  const everywhere = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  const found: string[] = [];
  for (const file of sourceFiles()) {
    const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of source.matchAll(everywhere)) {
      found.push(`${file}:${source.slice(0, match.index).split('\n').length}`);
    }
  }
  return found;
}
