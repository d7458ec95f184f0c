import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * `vite build` always makes the production client, whatever NODE_ENV the shell, `npm start` or the test
 * runner hand it: Vite picks React's development build and JSX with dev checks from NODE_ENV, which it
 * reads after the config hooks. `vite` (the dev server) is untouched.
 */
const productionBuild: Plugin = {
  name: 'production-build',
  apply: 'build',
  config: () => {
    process.env.NODE_ENV = 'production';
  },
};

export default defineConfig({
  // Brotli and gzip copies next to each file (`x.js.br`, `x.js.gz`), served by @fastify/static's
  // preCompressed: best compression once at build time instead of on every request.
  plugins: [productionBuild, compression({ algorithms: ['brotliCompress', 'gzip'] })],
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // No source maps in dist/client: whatever is there is served, and a map is the whole client source.
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Mantine marks its modules "use client" for React Server Components; meaningless in this bundle.
      onwarn: (warning, warn) => {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    // `npm run dev:client` serves the client with hot reload against `npm run dev` on port 3000.
    proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000' },
  },
});
