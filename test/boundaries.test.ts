import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  checkBoundaries,
  readImports,
  SERVER_APP,
  SERVER_AREAS,
  SERVER_SHARED,
} from '../scripts/check-boundaries.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const trees: string[] = [];

/** A throwaway tree with these files (path → content); returns its root. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  trees.push(root);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

const violationsIn = (files: Record<string, string>) =>
  checkBoundaries(tree(files)).map(({ file, imported }) => `${file} → ${imported}`);

afterAll(() => {
  for (const root of trees) fs.rmSync(root, { recursive: true, force: true });
});

test('readImports finds static, re-exported, side-effect, dynamic and type-only imports', () => {
  const source = [
    "import { a,\n  b } from './a.ts';",
    "import type { C } from './c.ts';",
    "export * from './d.ts';",
    "export type { E } from './e.ts';",
    "import './f.css';",
    "const g = () => import('./g.ts');",
    "const text = 'import nothing from here';",
  ].join('\n');
  expect(readImports(source)).toEqual([
    { specifier: './a.ts', typeOnly: false },
    { specifier: './c.ts', typeOnly: true },
    { specifier: './d.ts', typeOnly: false },
    { specifier: './e.ts', typeOnly: true },
    { specifier: './f.css', typeOnly: false },
    { specifier: './g.ts', typeOnly: false },
  ]);
});

test('a feature importing another feature is reported, even for types', () => {
  const violations = violationsIn({
    'src/client/features/album/album-page.tsx': "import { MatchCard } from '../match/match-card.tsx';",
    'src/client/features/album/quick-entry/dialog.tsx': "import type { X } from '../../match/types.ts';",
    'src/client/features/match/match-card.tsx': 'export const MatchCard = 1;',
    'src/client/features/match/types.ts': 'export type X = 1;',
  });
  expect(violations).toEqual([
    'src/client/features/album/album-page.tsx → src/client/features/match/match-card.tsx',
    'src/client/features/album/quick-entry/dialog.tsx → src/client/features/match/types.ts',
  ]);
});

test('shared importing a feature and a feature importing the app shell are reported', () => {
  const violations = violationsIn({
    'src/client/shared/ui/toast.ts': "import { albumPath } from '../../features/album/paths.ts';",
    'src/client/features/album/paths.ts': "import { router } from '../../app/router.tsx';",
    'src/client/app/router.tsx': 'export const router = 1;',
  });
  expect(violations).toEqual([
    'src/client/features/album/paths.ts → src/client/app/router.tsx',
    'src/client/shared/ui/toast.ts → src/client/features/album/paths.ts',
  ]);
});

test('the client reaching src/rpc beyond the schemas and the AppRouter type is reported', () => {
  const violations = violationsIn({
    'src/client/shared/api/trpc.ts': [
      "import type { AppRouter } from '../../../rpc/router.ts';",
      "import { appRouter } from '../../../rpc/router.ts';",
      "import { isAdmin } from '../../../rpc/trpc.ts';",
    ].join('\n'),
    'src/rpc/router.ts': 'export const appRouter = 1; export type AppRouter = 1;',
    'src/rpc/trpc.ts': 'export const isAdmin = 1;',
  });
  expect(violations).toEqual([
    'src/client/shared/api/trpc.ts → src/rpc/router.ts',
    'src/client/shared/api/trpc.ts → src/rpc/trpc.ts',
  ]);
});

test('client-safe code reaching src/server through another file is reported with the chain', () => {
  const root = tree({
    'src/rpc/schemas/albums.ts': "import { z } from '../zod.ts';",
    'src/rpc/zod.ts': "import { env } from '../server/env.ts';",
    'src/server/env.ts': 'export const env = 1;',
  });
  expect(checkBoundaries(root)).toEqual([
    {
      file: 'src/rpc/schemas/albums.ts',
      imported: 'src/rpc/zod.ts',
      rule: 'client-safe code reaches src/server through src/rpc/zod.ts → src/server/env.ts',
    },
  ]);
});

test('imports that follow the boundaries are not reported', () => {
  const violations = violationsIn({
    'src/client/main.tsx': "import { router } from './app/router.tsx';",
    'src/client/app/router.tsx': "import { AlbumPage } from '../features/album/album-page.tsx';",
    'src/client/features/album/album-page.tsx': [
      "import { toast } from '../../shared/ui/toast.ts';",
      "import { albumInput } from '../../../rpc/schemas/albums.ts';",
      "import { Dialog } from './quick-entry/dialog.tsx';",
    ].join('\n'),
    'src/client/features/album/quick-entry/dialog.tsx': "import { AlbumPage } from '../album-page.tsx';",
    'src/client/shared/ui/toast.ts': "import type { AppRouter } from '../../../rpc/router.ts';",
    'src/rpc/schemas/albums.ts': "import { z } from '../zod.ts';",
    'src/rpc/zod.ts': "import { z } from 'zod';",
    'src/rpc/router.ts': "import { env } from '../server/env.ts';",
    'src/server/env.ts': 'export const env = process.env;',
  });
  expect(violations).toEqual([]);
});

test('a server area importing an area it may not, shared code importing an area and an undeclared folder are reported', () => {
  const root = tree({
    'src/server/auth/sessions.ts': "import { bus } from '../chat/bus.ts';\nimport { env } from '../env.ts';",
    'src/server/chat/bus.ts': "import { findSession } from '../auth/sessions.ts';\nexport const bus = 1;",
    'src/server/db/orm.ts': "import { User } from '../users/user.ts';",
    'src/server/users/user.ts': "import type { Services } from '../services.ts';\nexport type User = 1;",
    'src/server/services.ts': "import type { User } from './users/user.ts';",
    'src/server/stats/counts.ts': "import { orm } from '../db/orm.ts';",
    'src/server/env.ts': 'export const env = 1;',
  });
  expect(checkBoundaries(root)).toEqual([
    {
      file: 'src/server/auth/sessions.ts',
      imported: 'src/server/chat/bus.ts',
      rule: 'server area auth may not import chat (SERVER_AREAS)',
    },
    {
      file: 'src/server/db/orm.ts',
      imported: 'src/server/users/user.ts',
      rule: 'shared src/server/db imports no area',
    },
    {
      file: 'src/server/stats/counts.ts',
      imported: 'src/server/db/orm.ts',
      rule: 'src/server/stats is not in SERVER_AREAS nor SERVER_SHARED',
    },
    {
      file: 'src/server/users/user.ts',
      imported: 'src/server/services.ts',
      rule: 'src/server/services.ts is the app around the areas: nothing imports it',
    },
    {
      file: 'src/server/chat/bus.ts',
      imported: 'src/server/auth/sessions.ts',
      rule: 'server areas import each other: auth → chat → auth',
    },
  ]);
});

test('server areas importing each other round a cycle are reported, even when the table allows each import', () => {
  const root = tree({
    'src/server/auth/sessions.ts': "import { bus } from '../chat/bus.ts';",
    'src/server/chat/bus.ts': "import { match } from '../matches/matches.ts';",
    'src/server/matches/matches.ts': "import { findSession } from '../auth/sessions.ts';",
    'src/server/matches/matches.test.ts': "import { swap } from '../swaps/swap.ts';",
    'src/server/swaps/swap.ts': 'export const swap = 1;',
  });
  const table = { auth: ['chat'], chat: ['matches'], matches: ['auth', 'chat'] };
  expect(checkBoundaries(root, table)).toEqual([
    {
      file: 'src/server/matches/matches.ts',
      imported: 'src/server/auth/sessions.ts',
      rule: 'server areas import each other: auth → chat → matches → auth',
    },
  ]);
});

test('shared folders of src/server importing each other round a cycle are reported', () => {
  const root = tree({
    'src/server/db/orm.ts': "import { migrateJobQueue } from '../mail/job-queue.ts';",
    'src/server/db/connection-config.ts': 'export const poolConfig = 1;',
    'src/server/mail/job-queue.ts': "import { poolConfig } from '../db/connection-config.ts';",
    'src/server/mail/mail-queue.ts': "import { env } from '../env.ts';",
    'src/server/env.ts': 'export const env = 1;',
  });
  expect(checkBoundaries(root)).toEqual([
    {
      file: 'src/server/mail/job-queue.ts',
      imported: 'src/server/db/connection-config.ts',
      rule: 'shared parts of src/server import each other: db → mail → db',
    },
  ]);
});

test('the table of server areas has no cycle and names only areas', () => {
  const placed: string[] = [];
  for (const [area, imported] of Object.entries(SERVER_AREAS)) {
    // Listed lowest first: an area imports only areas listed before it.
    expect(
      imported.filter((other) => !placed.includes(other)),
      area,
    ).toEqual([]);
    placed.push(area);
  }
});

test('the tables name every part of src/server and only those, none of them after notifications', () => {
  const parts = fs
    .readdirSync(path.join(repoRoot, 'src/server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || !entry.name.endsWith('.test.ts'))
    .map((entry) => entry.name);
  expect([...SERVER_SHARED, ...SERVER_APP, ...Object.keys(SERVER_AREAS)].sort()).toEqual(parts.sort());
  // The word is two things here: the collectors' push and e-mail alerts (alerts/, 'Notifiche') and
  // PostgreSQL's LISTEN/NOTIFY (db-events/); a part named after it would say neither (decision 044).
  expect(parts.filter((part) => /notification/i.test(part))).toEqual([]);
});

test('biome.json reports cycles, process.env outside env.ts, client-safe code importing src/server and src/rpc importing HTTP', () => {
  const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'biome.json'), 'utf8'));
  const root = tree({
    'biome.json': JSON.stringify({ ...config, $schema: undefined, vcs: undefined }),
    'src/server/albums/one.ts': "import { two } from './two.ts';\nexport const one = () => two;",
    'src/server/albums/two.ts': "import { one } from './one.ts';\nexport const two = () => one;",
    'src/server/env.ts': 'export const env = process.env;',
    'src/server/http/session-cookie.ts': 'export const port = process.env.PORT;',
    'src/rpc/schemas/albums.ts':
      "import type { Album } from '../../server/db/album.ts';\nexport type A = Album;",
    'src/client/features/album/page.ts': "export const lazy = () => import('../../../server/env.ts');",
    'src/rpc/auth.ts': "import { port } from '../server/http/session-cookie.ts';\nexport const p = port;",
  });
  const biome = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/biome'),
    ['lint', '--max-diagnostics=none', '.'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const found = [...`${biome.stdout}${biome.stderr}`.matchAll(/^(\S+):\d+:\d+ lint\/\w+\/(\w+)/gm)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
  expect(found.sort()).toEqual([
    'src/client/features/album/page.ts noRestrictedImports',
    'src/rpc/auth.ts noRestrictedImports',
    'src/rpc/schemas/albums.ts noRestrictedImports',
    'src/server/albums/one.ts noImportCycles',
    'src/server/albums/two.ts noImportCycles',
    'src/server/http/session-cookie.ts noProcessEnv',
  ]);
});
