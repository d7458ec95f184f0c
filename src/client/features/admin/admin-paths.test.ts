import { expect, test } from 'vitest';
import { ADMIN_SECTIONS, adminHref, adminSlugOf } from './admin-paths.ts';

test('/admin and its trailing-slash and upper-case spellings are the dashboard', () => {
  for (const path of ['/admin', '/admin/', '/Admin', '/ADMIN//']) expect(adminSlugOf(path), path).toBe('');
});

test('each section path resolves to its own section, whatever the case or trailing slash', () => {
  expect(adminSlugOf('/admin/utenti')).toBe('utenti');
  expect(adminSlugOf('/admin/Impostazioni/')).toBe('impostazioni');
  expect(adminSlugOf('/admin/album')).toBe('album');
  expect(adminSlugOf('/admin/segnalazioni')).toBe('segnalazioni');
  expect(adminSlugOf('/admin/Punti-Scambio/')).toBe('punti-scambio');
});

test('unknown or deeper paths are no section', () => {
  for (const path of ['/admin/utenti/3', '/admin/xyz', '/administrator', '/admin/album/extra']) {
    expect(adminSlugOf(path), path).toBeNull();
  }
});

test('every section links to a path that resolves back to it', () => {
  for (const { slug } of ADMIN_SECTIONS) expect(adminSlugOf(adminHref(slug))).toBe(slug);
});
