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
  }
}

/**
 * Once per `npm test`: a throwaway PostgreSQL cluster with a migrated template database, and a fresh
 * client build for the browser tests in a directory of its own (runs side by side never mix files).
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-test-'));
  await fs.chmod(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres(dataDir, () => undefined);

  const clusterUrl = postgres.url.replace(/\/[^/]+$/, '/postgres');
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const orm = await openDatabase(clusterUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`));
  await orm.close();

  // SKIP_CLIENT_BUILD=1 for a quick run of server tests only (the browser tests need the build).
  const clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-client-'));
  if (process.env.SKIP_CLIENT_BUILD !== '1') await buildClientInto(clientDir);

  project.provide('clusterUrl', clusterUrl);
  project.provide('clientDir', clientDir);
  return async () => {
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(clientDir, { recursive: true, force: true });
  };
}
