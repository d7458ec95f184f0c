import type { Active, Over } from '@dnd-kit/core';
import { expect, test } from 'vitest';
import { dragAnnouncements, dragInstructions } from './drag-announcements.ts';

const albums = [
  { id: 10, name: 'Alfa' },
  { id: 20, name: 'Beta' },
  { id: 30, name: 'Gamma' },
];
// Only the ids matter to the announcements.
const active = (id: number) => ({ id }) as Active;
const over = (id: number) => ({ id }) as Over;

test('picking up an album says which one and where it is', () => {
  const say = dragAnnouncements(albums);
  expect(say.onDragStart({ active: active(20) })).toBe("Hai preso l'album Beta, in posizione 2 di 3.");
});

test('the first "over its own place" after picking up stays silent, later ones are said', () => {
  const say = dragAnnouncements(albums);
  say.onDragStart({ active: active(10) });
  expect(say.onDragOver({ active: active(10), over: over(10) })).toBeUndefined();
  expect(say.onDragOver({ active: active(10), over: over(20) })).toBe(
    "L'album Alfa è ora in posizione 2 di 3.",
  );
  expect(say.onDragOver({ active: active(10), over: over(10) })).toBe(
    "L'album Alfa è ora in posizione 1 di 3.",
  );
  expect(say.onDragOver({ active: active(10), over: null })).toBe(
    "L'album Alfa non è sopra una posizione valida.",
  );
});

test('a drop says where the album went, or that the order did not change', () => {
  const say = dragAnnouncements(albums);
  expect(say.onDragEnd({ active: active(10), over: over(30) })).toBe(
    "L'album Alfa è stato lasciato in posizione 3 di 3.",
  );
  expect(say.onDragEnd({ active: active(10), over: null })).toContain("l'ordine non cambia");
  expect(say.onDragCancel({ active: active(30), over: null })).toBe(
    "Spostamento annullato: l'album Gamma torna in posizione 3 di 3.",
  );
});

test('the instructions are in Italian and name the keys', () => {
  expect(dragInstructions.draggable).toMatch(/barra spaziatrice.*frecce.*Esc/);
});
