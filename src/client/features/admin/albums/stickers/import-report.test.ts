import { expect, test } from 'vitest';
import {
  type ImportReport,
  importToastMessage,
  linesToCorrect,
  nothingImportedMessage,
  reclassifiedText,
  renameText,
} from './import-report.ts';

const report = (overrides: Partial<ImportReport>): ImportReport => ({
  added: 0,
  renamed: [],
  reclassified: 0,
  unchanged: 0,
  unreadable: [],
  ...overrides,
});

test("the toast keeps the spec's '{n} figurine aggiunte' and adds the renames and the lines left out", () => {
  expect(importToastMessage(report({ added: 20 }))).toBe('20 figurine aggiunte');
  expect(importToastMessage(report({ added: 1 }))).toBe('1 figurina aggiunta');
  expect(
    importToastMessage(
      report({
        added: 18,
        renamed: [
          { number: '1', from: '', to: 'Uno' },
          { number: '2', from: 'Due', to: 'Secondo' },
        ],
        unreadable: [{ text: 'x', reason: 'manca il nome' }],
      }),
    ),
  ).toBe('18 figurine aggiunte, 2 rinominate, 1 riga non letta');
});

test('a rename reads number: old → new, and a sticker that had no name says so', () => {
  expect(renameText({ number: 'ITA 3', from: 'Rossi', to: 'Mario Rossi' })).toBe(
    'ITA 3: Rossi → Mario Rossi',
  );
  expect(renameText({ number: '7', from: '', to: 'Sette' })).toBe('7: (senza nome) → Sette');
});

test('only the lines to correct go back into the box, as they were pasted', () => {
  const unreadable = [
    { text: 'senza separatore', reason: 'a' },
    { text: '6 -  ', reason: 'b' },
  ];
  expect(linesToCorrect(report({ unreadable }))).toBe('senza separatore\n6 -  ');
  expect(linesToCorrect(report({}))).toBe('');
});

test('when no line could be read, the toast asks to correct it, or them', () => {
  expect(nothingImportedMessage(1)).toBe('1 riga non letta: correggila e riprova');
  expect(nothingImportedMessage(3)).toBe('3 righe non lette: correggile e riprova');
});

test('stickers that kept their name but changed kind or section are counted apart from the renamed', () => {
  expect(importToastMessage(report({ added: 2, reclassified: 3 }))).toBe(
    '2 figurine aggiunte, 3 con tipo o sezione cambiati',
  );
  expect(reclassifiedText(1)).toBe('1 figurina con tipo o sezione cambiati');
  expect(reclassifiedText(4)).toBe('4 figurine con tipo o sezione cambiati');
});
