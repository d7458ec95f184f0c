/**
 * What PostgreSQL runs for each WAL file (docs/decisions/030), set up by db/embedded-postgres.ts:
 *   archive_command = node wal-command.ts archive <walDir> %p %f
 *   restore_command = node wal-command.ts restore <walDir> %f %p
 * Exit 0 when done; anything else tells PostgreSQL to retry (archiving) or that the file is not there
 * (recovery).
 */
import { archiveWal, restoreWal } from './wal-archive.ts';

const [command, walDir, first, second] = process.argv.slice(2);
try {
  if (command === 'archive' && walDir && first && second) await archiveWal(walDir, first, second);
  else if (command === 'restore' && walDir && first && second) await restoreWal(walDir, first, second);
  else
    throw new Error('usage: wal-command.ts archive <walDir> <path> <file> | restore <walDir> <file> <path>');
} catch (error) {
  // Recovery asks for files past the archive's end: that is not worth a line in the server's log.
  if (command !== 'restore') console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
