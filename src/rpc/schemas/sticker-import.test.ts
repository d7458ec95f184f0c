import { expect, test } from 'vitest';
import { formatStickerExport, parseStickerImport, UNREADABLE } from './sticker-import.ts';

test("a line is the number, ' - ', the name; the name may hold more dashes", () => {
  const text = ['1 - Marco Rossi', '', '   ', 'ITA 3 - Nome - con - trattini', 'SPE 10 - Speciale\r'].join(
    '\n',
  );
  expect(parseStickerImport(text)).toEqual({
    stickers: [
      { number: '1', name: 'Marco Rossi', team: null },
      { number: 'ITA 3', name: 'Nome - con - trattini', team: null },
      { number: 'SPE 10', name: 'Speciale', team: null },
    ],
    unreadable: [],
  });
});

test('an en or em dash, or a non-breaking space around the dash, separate as the hyphen does', () => {
  const text = [
    '1 – Trattino medio',
    '2 — Trattino lungo',
    '3\u00a0–\u00a0Spazi unificatori',
    'FWC  4 -\tTab',
  ];
  expect(parseStickerImport(text.join('\n')).stickers).toEqual([
    { number: '1', name: 'Trattino medio', team: null },
    { number: '2', name: 'Trattino lungo', team: null },
    { number: '3', name: 'Spazi unificatori', team: null },
    { number: 'FWC 4', name: 'Tab', team: null },
  ]);
});

test('the lines it cannot read come back as written, in order, each with its reason', () => {
  const longNumber = `${'9'.repeat(21)} - Lungo`;
  const longName = `8 - ${'x'.repeat(201)}`;
  const text = [
    '1 - Uno',
    'senza separatore',
    '2-Attaccato',
    ' - senza numero',
    '– senza numero',
    '6 -  ',
    '7 –',
    longNumber,
    longName,
    '1 - Ripetuto',
    'uno - Uno',
    'UNO - Ripetuto in maiuscolo',
    '10 - Campanella\u0007',
    '11 - Undici',
  ].join('\n');
  expect(parseStickerImport(text)).toEqual({
    stickers: [
      { number: '1', name: 'Uno', team: null },
      { number: 'uno', name: 'Uno', team: null },
      { number: '11', name: 'Undici', team: null },
    ],
    unreadable: [
      { text: 'senza separatore', reason: UNREADABLE.noSeparator },
      { text: '2-Attaccato', reason: UNREADABLE.noSeparator },
      { text: ' - senza numero', reason: UNREADABLE.noNumber },
      { text: '– senza numero', reason: UNREADABLE.noNumber },
      { text: '6 -  ', reason: UNREADABLE.noName },
      { text: '7 –', reason: UNREADABLE.noName },
      { text: longNumber, reason: UNREADABLE.numberTooLong },
      { text: longName, reason: UNREADABLE.nameTooLong },
      { text: '1 - Ripetuto', reason: UNREADABLE.repeated },
      { text: 'UNO - Ripetuto in maiuscolo', reason: UNREADABLE.repeated },
      { text: '10 - Campanella\u0007', reason: UNREADABLE.controlCharacters },
    ],
  });
  expect(UNREADABLE.noSeparator).toBe("manca il separatore ' - ' tra numero e nome");
  expect(UNREADABLE.noName).toBe('manca il nome');
});

test('the export writes number - description, or the name when there is no description', () => {
  expect(
    formatStickerExport([
      { number: '1', name: 'Uno', description: null },
      { number: 'ITA 2', name: 'Due', description: 'Descrizione due' },
    ]),
  ).toBe('1 - Uno\nITA 2 - Descrizione due');
});

test('an exported list reads back as the same stickers', () => {
  const stickers = [
    { number: '1', name: 'Uno', description: null },
    { number: 'ITA 2', name: 'Due - bis', description: null },
  ];
  expect(parseStickerImport(formatStickerExport(stickers)).stickers).toEqual([
    { number: '1', name: 'Uno', team: null },
    { number: 'ITA 2', name: 'Due - bis', team: null },
  ]);
});
