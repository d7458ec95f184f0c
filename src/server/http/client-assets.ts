import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_MESSAGE } from '../../rpc/caller-error-message.ts';
import { archiveAssets } from './assets-archive.ts';

/**
 * Serves the built client: hashed assets for a year; index.html, the service worker (sw.js)
 * and the web app manifest never cached; and index.html for every other non-API path without an extension,
 * so the client router can show the page (or its 404). Each file goes out as the
 * build's brotli or gzip copy when the browser accepts it (`x.js.br`, `x.js.gz`; `Vary: Accept-Encoding`).
 * With `archiveDir`, a hashed file of an earlier build is still served from there (assets-archive.ts).
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string, archiveDir?: string) {
  const indexFile = `${clientDir}/index.html`;
  if (!fs.existsSync(indexFile)) {
    app.log.warn('The client is not built (dist/client is missing): run `npm run build`.');
    return;
  }
  if (archiveDir) {
    await archiveAssets(path.join(clientDir, 'assets'), archiveDir).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the hashed files of earlier builds could not be archived');
    });
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
        file.includes('/assets/') || (archiveDir && file.startsWith(archiveDir))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.get('/*', (request, reply) => {
    // A missing API path or file (a hash in no build kept, a source map, a service worker's script) is a 404, not the
    // app's page: no client route ends in an extension, and a service worker fetched as HTML would fail
    // its update and keep the old one in charge.
    const urlPath = request.url.split('?')[0] ?? '';
    // The compressed copies are archived too, for preCompressed, but have no URL of their own either.
    const archived = archiveDir && urlPath.match(/^\/assets\/(\w[\w.-]*)$/)?.[1]?.replace(/.*\.(br|gz)$/, '');
    if (archived && fs.existsSync(path.join(archiveDir, archived)))
      return reply.sendFile(archived, archiveDir);
    if (/^\/(api|trpc|assets)(\/|$)/.test(urlPath) || /\.\w+$/.test(urlPath))
      return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
