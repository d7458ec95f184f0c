import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
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
