import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { serverPort } from './src/server/env.ts';

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
 * The app's scripts are fetched at low priority (`fetchpriority="low"` on the module script and its
 * modulepreloads): none of them is needed for the first paint, index.html's skeleton, and they are
 * deferred anyway. Chromium gives them 'High', the priority of a script that blocks rendering, and
 * Lighthouse then counted their download in the first paint whenever it came after them (on localhost
 * they arrive within milliseconds): /album's first contentful paint went from 0.7 s to 2–3 s at random.
 * With no other requests on the page they are not held back.
 */
const scriptsAtLowPriority: Plugin = {
  name: 'scripts-at-low-priority',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html.replace(
        /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
        '<$1 fetchpriority="low"',
      ),
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

const indexHtml = fs.readFileSync(new URL('./src/client/index.html', import.meta.url), 'utf8');

/** A `<meta>` of index.html: the manifest says what the page says, written in one place. */
function metaOf(name: string): string {
  const content = indexHtml.match(new RegExp(`<meta name="${name}" content="([^"]+)"`))?.[1];
  if (!content) throw new Error(`index.html has no <meta name="${name}">`);
  return content;
}

/**
 * Installable, with a service worker that precaches the app shell so the screens open without a network
 * (decision 012). Workbox's generateSW runs after the bundle is written: the patterns name file types,
 * so the `.br`/`.gz` copies next to each file never enter the precache, whatever order the plugins run.
 * API answers are not cached here (`/api` and `/trpc` always go to the network).
 */
const installableApp = VitePWA({
  registerType: 'autoUpdate',
  // Registered by the app itself once the first screen has settled (src/client/app/service-worker.ts):
  // registered at load, its install slowed the first screen of a 2-core phone (bench:web's TBT on /login
  // went from ~180 to ~660 ms).
  injectRegister: false,
  manifest: {
    name: 'Scambio Figurine',
    short_name: 'Figurine',
    description: metaOf('description'),
    lang: 'it',
    theme_color: metaOf('theme-color'),
    background_color: '#ffffff',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are found by globPatterns with the rest of the build; listing them again would add them twice.
  includeManifestIcons: false,
  workbox: {
    // manifest.webmanifest is added by the plugin itself. The admin panel (a desktop's, online) stays out:
    // a collector's phone never downloads its code, not even in the background. The .wasm is the QR decoder
    // of 'Scambio dal vivo' on phones without a BarcodeDetector (decision 036): two phones at a table may
    // have no network. Its 1.1 MB (360 KB brotli) is under Workbox's 2 MiB limit per file.
    globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
    globIgnores: ['**/*.br', '**/*.gz', 'assets/admin-*'],
    // The push alerts' handler (issue 33): a plain script from public/, loaded by sw.js at its install. It is
    // in the precache too (globPatterns), so its revision is written into sw.js: a change to it changes sw.js, and
    // every browser then installs the new worker.
    importScripts: ['/push-handler.js'],
    // One file: the Workbox runtime inside sw.js instead of a workbox-<hash>.js beside it.
    inlineWorkboxRuntime: true,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/trpc(\/|$)/],
    // A new version takes over as soon as it is installed, open pages included; they keep running the code
    // they have loaded, and the next visit gets the new shell.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
  },
});

/**
 * Workbox writes sw.js after the bundle, where vite-plugin-compression2 no longer looks: its brotli and gzip
 * copies are made here, at the same levels, so it goes out like every other script.
 */
function compressedServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'compressed-service-worker',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => {
        const file = path.join(outDir, 'sw.js');
        const code = fs.readFileSync(file);
        const brotliQuality = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY };
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(code, { params: brotliQuality }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(code, { level: zlib.constants.Z_BEST_COMPRESSION }));
      },
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies next to each file (`x.js.br`, `x.js.gz`), served by @fastify/static's
  // preCompressed: best compression once at build time instead of on every request.
  plugins: [
    productionBuild,
    stylesheetAfterSkeleton,
    scriptsAtLowPriority,
    // The plugin's default file types, and the QR decoder's WebAssembly (1.1 MB, 360 KB as brotli); not the
    // build's manifest, which is never served.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|xml|css|json|js|mjs|svg|yaml|yml|toml|wasm)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
    }),
    installableApp,
    compressedServiceWorker(),
  ],
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // No source maps in dist/client: whatever is there is served, and a map is the whole client source.
    sourcemap: false,
    // .vite/manifest.json, the map of chunks and their imports: what a first visit fetches is read from it
    // (bench/web/first-visit-scripts.ts, the JS budgets in `npm test`). Never served (the server answers 404
    // under a dot folder) nor precached (the service worker's globPatterns name no .json).
    manifest: true,
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
    // `npm run dev:client` serves the client with hot reload against `npm run dev` on its PORT. The Host the
    // browser sent goes through unchanged (Vite's shorthand rewrites it to the target's), so the server's
    // Origin check (request-guards.ts) sees the page's own host, as it does in production.
    proxy: Object.fromEntries(
      ['/api', '/trpc'].map((prefix) => [
        prefix,
        { target: `http://127.0.0.1:${serverPort()}`, changeOrigin: false },
      ]),
    ),
  },
});
