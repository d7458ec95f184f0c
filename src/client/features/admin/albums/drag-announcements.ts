import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

type Album = { id: number; name: string };

export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'Per spostare un album premi la barra spaziatrice o Invio sulla maniglia, usa le frecce su e giù per portarlo nella nuova posizione, poi premi di nuovo la barra spaziatrice o Invio per lasciarlo. Premi Esc per annullare.',
};

/** What a screen reader says during a drag, in Italian (dnd-kit's own texts are English). */
export function dragAnnouncements(albums: readonly Album[]): Announcements {
  const total = albums.length;
  const nameOf = (id: UniqueIdentifier) => albums.find((album) => album.id === id)?.name ?? 'selezionato';
  const placeOf = (id: UniqueIdentifier) =>
    `posizione ${albums.findIndex((album) => album.id === id) + 1} di ${total}`;
  // A drag starts over its own row: saying so at once would cut off "Hai preso…" before it is heard.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Hai preso l'album ${nameOf(active.id)}, in ${placeOf(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!moved && over?.id === active.id) return undefined;
      moved = true;
      return over
        ? `L'album ${nameOf(active.id)} è ora in ${placeOf(over.id)}.`
        : `L'album ${nameOf(active.id)} non è sopra una posizione valida.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `L'album ${nameOf(active.id)} è stato lasciato in ${placeOf(over.id)}.`
        : `L'album ${nameOf(active.id)} è stato lasciato fuori dalla lista: l'ordine non cambia.`,
    onDragCancel: ({ active }) =>
      `Spostamento annullato: l'album ${nameOf(active.id)} torna in ${placeOf(active.id)}.`,
  };
}
