import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { BUDGETS } from '../bench/web/budgets.ts';
import { type FirstVisitScripts, firstVisitScripts } from '../bench/web/first-visit-scripts.ts';

/*
 * The first screens' JS budgets, on this run's client build (global-setup.ts): bytes are deterministic, so
 * they fail the suite here instead of waiting for someone to run bench:web. Read from the build's files;
 * bench:web prints the same figure beside what Chromium counts (they agree within a few bytes).
 */

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Which files cost what, to see at once what has grown when a budget fails. */
const breakdown = ({ files }: FirstVisitScripts) =>
  files.map(({ file, compressed }) => `${path.basename(file)} ${kib(compressed)} KiB`).join(', ');

test('a first visit to /login and to /album fetches no more compressed JS than their budgets', async () => {
  const clientDir = inject('clientDir');
  const html = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(
      'No client build in this run: SKIP_CLIENT_BUILD=1 leaves it out, and this test needs it.',
    );
  });
  const login = await firstVisitScripts(clientDir, '/login');
  const album = await firstVisitScripts(clientDir, '/album');

  // The files counted for /login are those index.html asks for: its module script and modulepreloads.
  const named = [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*?(?:src|href)="\/([^"]+)"/g),
  ];
  expect(login.files.map(({ file }) => file).sort()).toEqual(named.map((match) => match[1]).sort());
  // /album adds its screen to the same start.
  expect(album.files.map(({ file }) => file)).toEqual(
    expect.arrayContaining(login.files.map(({ file }) => file)),
  );
  expect(album.files.some(({ file }) => path.basename(file).startsWith('album-page-'))).toBe(true);
  // zod (22 KiB) comes with the forms that use it, never with the first screen: it slipped in once, through
  // a module of the shell that parsed what the device keeps.
  expect(login.files.filter(({ file }) => path.basename(file).startsWith('zod-'))).toEqual([]);

  expect(login.compressed, breakdown(login)).toBeLessThanOrEqual(BUDGETS.loginJsKb * 1024);
  expect(album.compressed, breakdown(album)).toBeLessThanOrEqual(BUDGETS.albumJsKb * 1024);
});
