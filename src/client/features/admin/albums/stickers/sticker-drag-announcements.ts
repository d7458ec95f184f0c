import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

export const stickerDragInstructions: ScreenReaderInstructions = {
  draggable:
    'Per spostare una figurina premi la barra spaziatrice o Invio sulla maniglia, usa le frecce su e giù, poi premi di nuovo la barra spaziatrice o Invio per lasciarla. Premi Esc per annullare.',
};

/** What a screen reader says while a sticker is moved within the page shown, in Italian. */
export function stickerDragAnnouncements(shown: readonly { id: number; number: string }[]): Announcements {
  const numberOf = (id: UniqueIdentifier) => shown.find((sticker) => sticker.id === id)?.number ?? '';
  const placeOf = (id: UniqueIdentifier) => shown.findIndex((sticker) => sticker.id === id) + 1;
  // A drag starts over its own row: saying so at once would cut off "Hai preso…" before it is heard.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Hai preso la figurina ${numberOf(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved && over.id === active.id)) return undefined;
      moved = true;
      return `La figurina ${numberOf(active.id)} è ora in riga ${placeOf(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `La figurina ${numberOf(active.id)} è stata lasciata in riga ${placeOf(over.id)}.`
        : `La figurina ${numberOf(active.id)} torna al suo posto.`,
    onDragCancel: ({ active }) =>
      `Spostamento annullato: la figurina ${numberOf(active.id)} torna al suo posto.`,
  };
}
