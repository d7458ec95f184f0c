/**
 * The import boundaries of src/ that Biome cannot state, checked by `npm run lint`:
 * - client features do not import each other;
 * - client imports flow one way: shared → features → app (src/client/main.tsx counts as app);
 * - the client reaches src/rpc only through src/rpc/schemas and `import type` of the AppRouter;
 * - client-safe code (src/client, src/rpc/schemas) does not reach src/server through another file;
 * - a server area (a folder of src/server) imports only the areas SERVER_AREAS allows it and the shared
 *   infrastructure, and no areas import each other round in a cycle (tests excepted: they drive areas together);
 * - the shared infrastructure (SERVER_SHARED) imports no area, and its parts import each other in no cycle.
 * Biome (biome.json) checks the rest: direct imports of src/server from client-safe code, process.env
 * outside src/server/env.ts, and import cycles.
 *
 * Imports are found with a regex (static `import … from`, `export … from`, side-effect `import '…'` and
 * dynamic `import('…')`); only relative specifiers are followed, as the project has no path aliases.
 * Usage: node scripts/check-boundaries.ts [root]. Prints `file → imported file: rule`, exits 1 on any.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Violation {
  file: string;
  imported: string;
  rule: string;
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const STATIC_IMPORT = /^[ \t]*(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const APP_ROUTER = 'src/rpc/router.ts';

export function readImports(source: string): Import[] {
  const imports: Import[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    imports.push({ specifier: match[2] as string, typeOnly: match[1] !== undefined });
  }
  for (const match of source.matchAll(DYNAMIC_IMPORT)) {
    imports.push({ specifier: match[1] as string, typeOnly: false });
  }
  return imports;
}

/** A relative specifier as a root-relative path with forward slashes; undefined for packages. */
function resolve(root: string, fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const absolute = path.resolve(root, path.dirname(fromFile), specifier);
  const candidates = [absolute, `${absolute}.ts`, `${absolute}.tsx`, path.join(absolute, 'index.ts')];
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? absolute;
  return path.relative(root, found).split(path.sep).join('/');
}

function sourceFiles(root: string): string[] {
  const src = path.join(root, 'src');
  if (!fs.existsSync(src)) return [];
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE_FILE.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .sort();
}

type ClientLayer = 'shared' | 'features' | 'app';

function clientLayer(file: string): ClientLayer | undefined {
  if (!file.startsWith('src/client/')) return undefined;
  if (file.startsWith('src/client/shared/')) return 'shared';
  if (file.startsWith('src/client/features/')) return 'features';
  return 'app';
}

const LAYER_ORDER: Record<ClientLayer, number> = { shared: 0, features: 1, app: 2 };

function featureOf(file: string): string | undefined {
  return /^src\/client\/features\/([^/]+)\//.exec(file)?.[1];
}

const isClientSafe = (file: string) => file.startsWith('src/client/') || file.startsWith('src/rpc/schemas/');
const isServer = (file: string) => file.startsWith('src/server/');

/** The rule a direct import breaks, if any. */
function directRule(edge: Edge): string | undefined {
  const { from, to } = edge;
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) return 'features do not import each other';

  const fromLayer = clientLayer(from);
  const toLayer = clientLayer(to);
  if (fromLayer && toLayer && LAYER_ORDER[toLayer] > LAYER_ORDER[fromLayer]) {
    return 'client imports flow shared → features → app';
  }

  // src/server is Biome's (noRestrictedImports), so that each import is reported once.
  if (fromLayer && to.startsWith('src/') && !to.startsWith('src/client/') && !isServer(to)) {
    const allowed = to.startsWith('src/rpc/schemas/') || (to === APP_ROUTER && edge.typeOnly);
    if (!allowed)
      return 'the client reaches src/rpc only through src/rpc/schemas and `import type` of AppRouter';
  }
  return undefined;
}

/** The shortest chain of value imports from `start` to a file under src/server, or undefined. */
function chainToServer(start: string, valueImports: Map<string, string[]>): string[] | undefined {
  const previous = new Map<string, string | undefined>([[start, undefined]]);
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (isServer(file)) {
      const chain = [file];
      for (let step = previous.get(file); step !== undefined; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of valueImports.get(file) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

/**
 * src/server's folders and files below the areas: what every area may import, and that imports no area.
 * They may import each other, round no cycle: db/ imports none of them but data-dir-secret.ts, and jobs/
 * (the durable job queue), mail/ and db-events/ (LISTEN/NOTIFY) are built on it (docs/decisions/044).
 * No part is called 'notifications': the collectors' are alerts/ (an area), the database's db-events/.
 */
export const SERVER_SHARED = [
  'db',
  'db-events',
  'geo',
  'jobs',
  'mail',
  'env.ts',
  'env-variables.ts',
  'domain-error.ts',
  'rate-limits.ts',
  'data-dir-secret.ts',
  'seeded-random.ts',
];
/** The app around the areas: it starts and serves them, so it may import them all and none imports it. */
export const SERVER_APP = [
  'http',
  'logger.ts',
  'main.ts',
  'server.ts',
  'services.ts',
  'tracing.ts',
  'tracing-hook.ts',
];

/**
 * Each area of src/server and the areas it may import (besides itself and SERVER_SHARED). Lower areas are
 * listed first; an area needing one below it that would close a cycle receives a function instead
 * (blocks.ts and user-admin.ts are handed the swaps' cancellation, the alerts' delivery what waits for a
 * collector, their digest the match search).
 */
export const SERVER_AREAS: Record<string, readonly string[]> = {
  albums: [],
  reports: [],
  stickers: ['albums'],
  auth: [],
  users: ['albums', 'auth', 'reports'],
  family: ['auth', 'users'],
  collection: ['albums', 'auth'],
  blocks: [],
  matches: ['albums', 'blocks', 'collection', 'stickers', 'users'],
  alerts: ['blocks', 'matches', 'users'],
  chat: ['alerts', 'auth', 'blocks', 'matches', 'users'],
  'swap-points': ['blocks', 'matches'],
  raduni: ['alerts', 'blocks', 'collection', 'swap-points'],
  swaps: ['albums', 'alerts', 'blocks', 'chat', 'collection', 'matches', 'stickers', 'swap-points', 'users'],
  admin: [],
  backup: [],
  moderation: ['auth', 'reports', 'users'],
  settings: ['auth', 'backup', 'raduni', 'reports', 'swaps', 'users'],
};

/** The first path segment under src/server ('chat', 'env.ts'), or undefined outside it. */
const serverPart = (file: string) => /^src\/server\/([^/]+)/.exec(file)?.[1];

/** The rule an import between parts of src/server breaks, if any. */
function serverRule(from: string, to: string, areas: Record<string, readonly string[]>): string | undefined {
  const [fromPart, toPart] = [serverPart(from), serverPart(to)];
  if (!fromPart || !toPart || fromPart === toPart || SERVER_APP.includes(fromPart)) return undefined;
  if (SERVER_APP.includes(toPart))
    return `src/server/${toPart} is the app around the areas: nothing imports it`;
  const isShared = SERVER_SHARED.includes(fromPart);
  if (!isShared && !(fromPart in areas))
    return `src/server/${fromPart} is not in SERVER_AREAS nor SERVER_SHARED`;
  if (SERVER_SHARED.includes(toPart)) return undefined;
  if (!(toPart in areas)) return `src/server/${toPart} is not in SERVER_AREAS nor SERVER_SHARED`;
  if (isShared) return `shared src/server/${fromPart} imports no area`;
  if (!areas[fromPart]?.includes(toPart))
    return `server area ${fromPart} may not import ${toPart} (SERVER_AREAS)`;
  return undefined;
}

/** One violation per cycle among the imports between `parts` of src/server, on an import of its first part. */
function cycles(edges: Edge[], parts: readonly string[], what: string): Violation[] {
  // Part → imported part → one import that makes that edge.
  const graph = new Map<string, Map<string, Edge>>();
  for (const edge of edges) {
    const [from, to] = [serverPart(edge.from), serverPart(edge.to)];
    if (!from || !to || from === to || !parts.includes(from) || !parts.includes(to)) continue;
    const next = graph.get(from) ?? new Map<string, Edge>();
    if (!next.has(to)) next.set(to, edge);
    graph.set(from, next);
  }
  const violations: Violation[] = [];
  const visited = new Set<string>();
  const walk = (part: string, path: string[]) => {
    visited.add(part);
    for (const [next, edge] of graph.get(part) ?? []) {
      if (path.includes(next)) {
        const cycle = [...path.slice(path.indexOf(next)), next];
        violations.push({ file: edge.from, imported: edge.to, rule: `${what}: ${cycle.join(' → ')}` });
      } else if (!visited.has(next)) walk(next, [...path, next]);
    }
  };
  for (const part of [...graph.keys()].sort()) if (!visited.has(part)) walk(part, [part]);
  return violations;
}

export function checkBoundaries(
  root: string,
  serverAreas: Record<string, readonly string[]> = SERVER_AREAS,
): Violation[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const { specifier, typeOnly } of readImports(source)) {
      const to = resolve(root, file, specifier);
      if (to) edges.push({ from: file, to, typeOnly });
    }
  }

  const valueImports = new Map<string, string[]>();
  for (const edge of edges.filter((edge) => !edge.typeOnly)) {
    valueImports.set(edge.from, [...(valueImports.get(edge.from) ?? []), edge.to]);
  }

  const violations: Violation[] = [];
  // Tests drive several areas together (a match test blocks a collector), so only the areas' code counts.
  const areaEdges = edges.filter((edge) => !edge.from.endsWith('.test.ts'));
  for (const edge of areaEdges) {
    const rule = serverRule(edge.from, edge.to, serverAreas);
    if (rule) violations.push({ file: edge.from, imported: edge.to, rule });
  }
  violations.push(...cycles(areaEdges, Object.keys(serverAreas), 'server areas import each other'));
  // Shared parts import no area (serverRule), so a cycle through both is already reported above.
  violations.push(...cycles(areaEdges, SERVER_SHARED, 'shared parts of src/server import each other'));
  for (const edge of edges) {
    const rule = directRule(edge);
    if (rule) {
      violations.push({ file: edge.from, imported: edge.to, rule });
      continue;
    }
    // Type-only imports are erased, so only value imports can carry server code into the client.
    if (!isClientSafe(edge.from) || isClientSafe(edge.to) || isServer(edge.to) || edge.typeOnly) continue;
    const chain = chainToServer(edge.to, valueImports);
    if (chain) {
      violations.push({
        file: edge.from,
        imported: edge.to,
        rule: `client-safe code reaches src/server through ${chain.join(' → ')}`,
      });
    }
  }
  return violations;
}

if (process.argv[1] === import.meta.filename) {
  const root = path.resolve(process.argv[2] ?? '.');
  const violations = checkBoundaries(root);
  for (const { file, imported, rule } of violations) console.error(`${file} → ${imported}: ${rule}`);
  if (violations.length > 0) {
    console.error(`${violations.length} boundary violation(s); see scripts/check-boundaries.ts.`);
    process.exit(1);
  }
}
