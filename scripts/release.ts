/**
 * `npm run release -- <dir>`: a release in <dir>, ready to start with `npm start` there (`node --import
 * ./src/server/tracing-hook.ts src/server/main.ts`: tracing loads first when OTEL_EXPORTER_OTLP_ENDPOINT is set) and to migrate with `npm run migrate`: the client built, the server's TypeScript as it is (Node 24
 * strips the types), the migrations and SQL files, and the production dependencies installed by `npm ci
 * --omit=dev` from the committed lock file. Nothing is built when it starts (docs/decisions/025).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [targetArg, clientOption, clientArg] = process.argv.slice(2);
const target = targetArg ? path.resolve(targetArg) : undefined;
// `--client <dir>`: a client already built (the test suite's one build of its run) is copied, not built again.
const prebuiltClient = clientOption === '--client' && clientArg ? path.resolve(clientArg) : undefined;
if (!target || (clientOption !== undefined && !prebuiltClient)) {
  console.error('usage: npm run release -- <directory> [--client <built client directory>]');
  process.exit(1);
}
if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
  console.error(`${target} is not empty: a release goes into an empty or new directory`);
  process.exit(1);
}

// What the server reads at run time: its sources (tests left out), the contract, migrations, SQL, data.
const copied = [
  'src/server',
  'src/rpc',
  'migrations',
  'scripts/migrate.ts',
  'scripts/backup.ts',
  'scripts/restore.ts',
  'package-lock.json',
];
const isTest = (file: string) => /\.test\.ts$/.test(file);

if (prebuiltClient) {
  fs.cpSync(prebuiltClient, path.join(target, 'dist/client'), { recursive: true });
} else {
  console.log('Building the client…');
  buildClient(path.join(target, 'dist/client'));
}

/** A child process: Vite's build sets NODE_ENV=production in the process that runs it. */
function buildClient(outDir: string) {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit' },
  );
}

for (const entry of copied) {
  fs.cpSync(path.join(root, entry), path.join(target, entry), {
    recursive: true,
    filter: (source) => !isTest(source),
  });
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// The release starts what is already built; its dev dependencies stay listed so the lock file still matches.
manifest.scripts = {
  start: 'node --import ./src/server/tracing-hook.ts src/server/main.ts',
  migrate: 'node scripts/migrate.ts',
  // The embedded database's backups (EMBEDDED_DB=1, docs/decisions/030).
  backup: 'node scripts/backup.ts',
  restore: 'node scripts/restore.ts',
};
fs.writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

console.log('Installing the production dependencies…');
execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: target, stdio: 'inherit' });
console.log(`Release ready in ${target}: NODE_ENV=production npm start`);
