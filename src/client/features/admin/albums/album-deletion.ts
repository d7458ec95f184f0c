const CANNOT_UNDO = 'Questa azione non può essere annullata.';

/** What 'Elimina Album' warns goes with the album: its stickers and the marks on them, when it has any. */
export function deletionWarning(stickerCount: number) {
  if (stickerCount === 0) return `L'album non contiene figurine. ${CANNOT_UNDO}`;
  if (stickerCount === 1) {
    return `Verrà eliminata anche la sua unica figurina, con i segni dei collezionisti su di essa. ${CANNOT_UNDO}`;
  }
  return `Verranno eliminate anche tutte le sue ${stickerCount} figurine e le figurine segnate dai collezionisti. ${CANNOT_UNDO}`;
}

/** The success toast's message once it is gone. */
export function deletedMessage(name: string, stickerCount: number) {
  if (stickerCount === 0) return `"${name}" è stato eliminato`;
  if (stickerCount === 1) return `"${name}" è stato eliminato con la sua figurina`;
  return `"${name}" è stato eliminato con tutte le sue figurine`;
}
