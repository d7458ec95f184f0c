import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The client's production build, as users get it, into `outDir`. Vite's config sets NODE_ENV=production
 * to make it, whatever the caller's NODE_ENV (`nodeEnv`: the one to build under, as a shell would have
 * it); the caller's own is put back.
 */
export async function buildClientInto(outDir: string, options: { nodeEnv?: string } = {}) {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  if (options.nodeEnv) process.env.NODE_ENV = options.nodeEnv;
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
}
