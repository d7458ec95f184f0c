import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files' durations of a whole run, kept in the repository by `npm run test:durations`. */
export const KEPT_DURATIONS = 'test/file-durations.json';
/** A file the kept durations do not know yet (a new one) goes among the slow, to be safe. */
const UNKNOWN_FILE_MS = 30_000;

/**
 * Runs the slowest files first, by the durations of an earlier whole run: two workers then finish
 * together, instead of one starting a two-minute browser file while the other has nothing left.
 */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const kept = path.join(process.cwd(), KEPT_DURATIONS);
    const durations: Record<string, number> = fs.existsSync(kept)
      ? JSON.parse(fs.readFileSync(kept, 'utf8'))
      : {};
    const ms = (spec: TestSpecification) =>
      durations[path.relative(process.cwd(), spec.moduleId)] ?? UNKNOWN_FILE_MS;
    return files.toSorted((a, b) => ms(b) - ms(a));
  }
}
