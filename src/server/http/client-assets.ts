import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client: hashed assets for a year; index.html, the service worker (sw.js)
 * and the web app manifest never cached; and index.html for every other non-API path without an extension,
 * so the client router can show the page (or its 404). Each file goes out as the
 * build's brotli or gzip copy when the browser accepts it (`x.js.br`, `x.js.gz`; `Vary: Accept-Encoding`).
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string) {
  const indexFile = `${clientDir}/index.html`;
  if (!fs.existsSync(indexFile)) {
    app.log.warn('The client is not built (dist/client is missing): run `npm run build`.');
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are reached through their file's URL only.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, file) => {
      reply.header(
        'cache-control',
        file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', (request, reply) => {
    // A missing API path or file (an old hash, a source map, a service worker's script) is a 404, not the
    // app's page: no client route ends in an extension, and a service worker fetched as HTML would fail
    // its update and keep the old one in charge.
    const path = request.url.split('?')[0] ?? '';
    if (/^\/(api|trpc|assets)(\/|$)/.test(path) || /\.\w+$/.test(path))
      return reply.status(404).send({ message: 'Risorsa non trovata' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
