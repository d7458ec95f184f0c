import { expect, test } from 'vitest';
import { formatStickerExport, parseStickerImport, UNREADABLE } from './sticker-import.ts';

test("a line is the number, ' - ', the name; the name may hold more dashes", () => {
  const text = ['1 - Marco Rossi', '', '   ', 'ITA 3 - Nome - con - trattini', 'SPE 10 - Speciale\r'].join(
    '\n',
  );
  expect(parseStickerImport(text)).toEqual({
    stickers: [
      { number: '1', name: 'Marco Rossi', kind: 'base', section: null },
      { number: 'ITA 3', name: 'Nome - con - trattini', kind: 'base', section: null },
      { number: 'SPE 10', name: 'Speciale', kind: 'base', section: null },
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
    { number: '1', name: 'Trattino medio', kind: 'base', section: null },
    { number: '2', name: 'Trattino lungo', kind: 'base', section: null },
    { number: '3', name: 'Spazi unificatori', kind: 'base', section: null },
    { number: 'FWC 4', name: 'Tab', kind: 'base', section: null },
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
      { number: '1', name: 'Uno', kind: 'base', section: null },
      { number: 'uno', name: 'Uno', kind: 'base', section: null },
      { number: '11', name: 'Undici', kind: 'base', section: null },
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

const plain = { description: null, kind: 'base', section: null } as const;

test('the export writes number - name (what the import reads), the description only when there is no name', () => {
  expect(
    formatStickerExport([
      { ...plain, number: '1', name: 'Uno' },
      { ...plain, number: 'ITA 2', name: 'Due', description: 'Descrizione due' },
      { ...plain, number: '3', name: '', description: 'Solo descrizione' },
    ]),
  ).toBe('1 - Uno\nITA 2 - Due\n3 - Solo descrizione');
});

test('a line ending in [speciale] or [extra] (any case, spaces allowed) has that kind; none is base', () => {
  const text = [
    '1 - Uno',
    'SPE 1 - Scudetto [speciale]',
    'SPE 2 - Coppa[SPECIALE]  ',
    'EX 1 - Bonus [ Extra ]',
    '5 - Nome [foil]',
    '6 - [extra]',
  ].join('\n');
  expect(parseStickerImport(text)).toEqual({
    stickers: [
      { number: '1', name: 'Uno', kind: 'base', section: null },
      { number: 'SPE 1', name: 'Scudetto', kind: 'speciale', section: null },
      { number: 'SPE 2', name: 'Coppa', kind: 'speciale', section: null },
      { number: 'EX 1', name: 'Bonus', kind: 'extra', section: null },
      { number: '5', name: 'Nome [foil]', kind: 'base', section: null },
    ],
    unreadable: [{ text: '6 - [extra]', reason: UNREADABLE.noName }],
  });
});

test("a '# Nome' line starts a section for the lines below it, a bare '#' ends it", () => {
  const text = [
    '1 - Prima',
    '#   Calciomercato   estivo ',
    'C1 - Acquisto',
    'C2 - Cessione [speciale]',
    '# Extra',
    'E1 - Bonus [extra]',
    '#',
    '2 - Dopo',
    '#1 - Numero col cancelletto',
  ].join('\n');
  expect(parseStickerImport(text).stickers).toEqual([
    { number: '1', name: 'Prima', kind: 'base', section: null },
    { number: 'C1', name: 'Acquisto', kind: 'base', section: 'Calciomercato estivo' },
    { number: 'C2', name: 'Cessione', kind: 'speciale', section: 'Calciomercato estivo' },
    { number: 'E1', name: 'Bonus', kind: 'extra', section: 'Extra' },
    { number: '2', name: 'Dopo', kind: 'base', section: null },
    { number: '#1', name: 'Numero col cancelletto', kind: 'base', section: null },
  ]);
});

test('a section name over 60 characters is not read, nor are the lines under it (not put in the section above)', () => {
  const long = `# ${'S'.repeat(61)}`;
  const text = ['# Squadre', '1 - Uno', long, '2 - Due', 'senza separatore', '# Fine', '3 - Tre'].join('\n');
  expect(parseStickerImport(text)).toEqual({
    stickers: [
      { number: '1', name: 'Uno', kind: 'base', section: 'Squadre' },
      { number: '3', name: 'Tre', kind: 'base', section: 'Fine' },
    ],
    unreadable: [
      { text: long, reason: UNREADABLE.sectionTooLong },
      { text: '2 - Due', reason: UNREADABLE.underUnreadSection },
      { text: 'senza separatore', reason: UNREADABLE.underUnreadSection },
    ],
  });
  expect(UNREADABLE.sectionTooLong).toBe('il nome della sezione supera 60 caratteri');
  expect(parseStickerImport(`# ${'S'.repeat(60)}\n1 - Uno`).stickers[0]?.section).toHaveLength(60);
});

test('the export writes sections and kinds in the same format, and reads back as the same stickers', () => {
  const stickers = [
    { ...plain, number: '1', name: 'Uno' },
    { ...plain, number: 'ITA 2', name: 'Due - bis', kind: 'speciale', section: 'Italia' },
    { ...plain, number: 'ITA 3', name: 'Tre', section: 'Italia' },
    { ...plain, number: 'X1', name: 'Extra uno', kind: 'extra', section: 'Extra' },
    { ...plain, number: '4', name: 'Quattro' },
    { ...plain, number: 'ITA 5', name: 'Cinque', section: 'Italia' },
  ] as const;
  const exported = formatStickerExport([...stickers]);
  expect(exported).toBe(
    [
      '1 - Uno',
      '# Italia',
      'ITA 2 - Due - bis [speciale]',
      'ITA 3 - Tre',
      '# Extra',
      'X1 - Extra uno [extra]',
      '#',
      '4 - Quattro',
      '# Italia',
      'ITA 5 - Cinque',
    ].join('\n'),
  );
  expect(parseStickerImport(exported)).toEqual({
    stickers: stickers.map(({ number, name, kind, section }) => ({ number, name, kind, section })),
    unreadable: [],
  });
});
