import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { openDatabase } from '../src/server/db/orm.ts';
import { buildClientInto } from './support/client-build.ts';
import { TEMPLATE_DATABASE } from './support/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster; each test file makes its own database from the template. */
    clusterUrl: string;
    /** This run's client build: each `npm test` builds its own, so runs side by side never mix files. */
    clientDir: string;
    /** This run's own temporary directory (the cluster, the build, the servers' data): gone at its end. */
    runDir: string;
    /** Whether a file's plain test server is its worker's shared one (test-server.ts, vitest.config.ts). */
    shareServers: boolean;
  }
}

/**
 * Once per `npm test`: a throwaway PostgreSQL cluster with a migrated template database, and the one
 * client build of the run, made as `npm run build` makes it with NODE_ENV=development in the shell (the
 * client-build test checks it is a production build all the same), in a directory of the run's own.
 */
export default async function setup(project: TestProject) {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-test-'));
  await fs.chmod(runDir, 0o755);
  const dataDir = path.join(runDir, 'postgres');
  await fs.mkdir(dataDir, { mode: 0o755 });
  const postgres = await startEmbeddedPostgres(dataDir, () => undefined, {
    // Room for every server of the run at once (each holds up to ~31 connections: README), and no fsync: a
    // test cluster lost with the machine is lost anyway, and its databases are made and written by the
    // hundred. The apps' own crash and backup tests run their own clusters, with fsync.
    max_connections: 500,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
  });

  const clusterUrl = postgres.url.replace(/\/[^/]+$/, '/postgres');
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const orm = await openDatabase(clusterUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`));
  await orm.close();

  // SKIP_CLIENT_BUILD=1 for a quick run of server tests only (the browser tests need the build).
  const clientDir = path.join(runDir, 'client');
  await fs.mkdir(clientDir);
  if (process.env.SKIP_CLIENT_BUILD !== '1') await buildClientInto(clientDir, { nodeEnv: 'development' });

  project.provide('clusterUrl', clusterUrl);
  project.provide('clientDir', clientDir);
  project.provide('runDir', runDir);
  return async () => {
    await postgres.stop();
    await fs.rm(runDir, { recursive: true, force: true });
  };
}
