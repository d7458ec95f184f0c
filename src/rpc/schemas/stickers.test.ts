import { expect, test } from 'vitest';
import { formatStickerExport, parseStickerImport } from './stickers.ts';

test("lines need ' - ': the number is before the first separator, the name is the rest", () => {
  const text = [
    '1 - Marco Rossi',
    '',
    '   ',
    'senza separatore',
    '2-Attaccato',
    'ITA 3 - Nome - con - trattini',
    ' - senza numero',
    '4 -  ',
    'SPE 10 - Speciale\r',
  ].join('\n');
  expect(parseStickerImport(text)).toEqual([
    { number: '1', name: 'Marco Rossi', team: null },
    { number: 'ITA 3', name: 'Nome - con - trattini', team: null },
    { number: '4', name: '', team: null },
    { number: 'SPE 10', name: 'Speciale', team: null },
  ]);
});

test('repeated numbers keep the first line; over-long numbers or names are dropped', () => {
  const text = `5 - Primo\n5 - Secondo\n${'9'.repeat(21)} - Lungo\n6 - ${'x'.repeat(201)}`;
  expect(parseStickerImport(text)).toEqual([{ number: '5', name: 'Primo', team: null }]);
});

test('the export writes number - description, or the name when there is no description', () => {
  expect(
    formatStickerExport([
      { number: '1', name: 'Uno', description: null },
      { number: 'ITA 2', name: 'Due', description: 'Descrizione due' },
    ]),
  ).toBe('1 - Uno\nITA 2 - Descrizione due');
});
