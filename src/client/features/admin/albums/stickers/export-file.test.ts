import { expect, test } from 'vitest';
import { exportFileName } from './export-file.ts';

test('the file is named after the album, with a .txt extension', () => {
  expect(exportFileName('Campionato Fantasia 2026')).toBe('Campionato Fantasia 2026.txt');
  expect(exportFileName("Calciatori 2025/26: l'album")).toBe("Calciatori 2025 26 l'album.txt");
});

test('characters a file system refuses are taken out', () => {
  expect(exportFileName('a<b>c:"d"|e?f*g\\h')).toBe('a b c d e f g h.txt');
  expect(exportFileName('riga\nnuova\ttab')).toBe('riga nuova tab.txt');
});

test('leading and trailing dots and spaces go, so the name cannot hide or lose its extension', () => {
  expect(exportFileName('  ..nascosto. . ')).toBe('nascosto.txt');
});

test('a name with nothing usable left falls back to "figurine"', () => {
  expect(exportFileName('')).toBe('figurine.txt');
  expect(exportFileName('///???')).toBe('figurine.txt');
});

test('a very long name is cut to 100 characters before the extension', () => {
  expect(exportFileName('x'.repeat(300))).toBe(`${'x'.repeat(100)}.txt`);
});
