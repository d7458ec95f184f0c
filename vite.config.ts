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

/**
 * The stylesheet goes between the skeleton (#boot) and #root instead of in <head>: the skeleton paints
 * as soon as the HTML is parsed instead of waiting for the stylesheet. React still renders with it,
 * as the module script runs only after the parser has got past the stylesheet (no flash of unstyled
 * content), and the theme's variables, which MantineProvider writes in a <style> inside #root, still
 * come after Mantine's defaults and win.
 */
const stylesheetAfterSkeleton: Plugin = {
  name: 'stylesheet-after-skeleton',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
      const withoutLinks = links.reduce((page, link) => page.replace(link, ''), html);
      const root = '<div id="root">';
      if (!withoutLinks.includes(root)) throw new Error(`index.html has no ${root}`);
      return withoutLinks.replace(root, `${links.map((link) => `${link.trim()}\n    `).join('')}${root}`);
    },
  },
};

/**
 * The libraries every screen runs (React, the router, React Query and tRPC's client) in one chunk,
 * `framework`. Left alone, Rolldown splits them by which lazy screens share each module, into a dozen
 * small files that a phone on HTTP/1.1 fetches six at a time, one round trip after another. Mantine's
 * components and the screens keep the automatic split, so a screen still brings only what it uses.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|react-store|store|query-core|react-query)|@trpc[\\/][^\\/]+|tiny-invariant|tiny-warning|cookie-es|seroval[^\\/]*)[\\/]/;

export default defineConfig({
  // Brotli and gzip copies next to each file (`x.js.br`, `x.js.gz`), served by @fastify/static's
  // preCompressed: best compression once at build time instead of on every request.
  plugins: [
    productionBuild,
    stylesheetAfterSkeleton,
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // No source maps in dist/client: whatever is there is served, and a map is the whole client source.
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
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
