import { expect, test } from 'vitest';
import { deletedMessage, deletionWarning } from './album-deletion.ts';

test('an album with no stickers is not said to take "tutte le sue 0 figurine" with it', () => {
  expect(deletionWarning(0)).toBe("L'album non contiene figurine. Questa azione non può essere annullata.");
  expect(deletedMessage('Vuoto', 0)).toBe('"Vuoto" è stato eliminato');
});

test('one sticker is named in the singular, more are counted', () => {
  expect(deletionWarning(1)).toBe(
    'Verrà eliminata anche la sua unica figurina, con i segni dei collezionisti su di essa. Questa azione non può essere annullata.',
  );
  expect(deletedMessage('Uno', 1)).toBe('"Uno" è stato eliminato con la sua figurina');
  expect(deletionWarning(720)).toBe(
    'Verranno eliminate anche tutte le sue 720 figurine e le figurine segnate dai collezionisti. Questa azione non può essere annullata.',
  );
  expect(deletedMessage('Grande', 720)).toBe('"Grande" è stato eliminato con tutte le sue figurine');
});
