import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { NOT_LOGGED_IN_MESSAGE } from '../../rpc/trpc.ts';
import { secondsText } from '../rate-limits.ts';
import type { Services } from '../services.ts';
import { dataExportFileName, EXPORT_TIME_LIMIT_MS, writeDataExport } from '../users/data-export.ts';
import { createRequestContext } from './request-context.ts';

export const DATA_EXPORT_PATH = '/api/user/export';

/** Its entry in /api/openapi.json (openapi.ts), as it is not in the REST table. */
export const DATA_EXPORT_OPERATION = {
  operationId: 'usersDataExport',
  tags: ['users'],
  summary: 'Scarica i miei dati: un file JSON con tutto ciò che l’app conserva su di me',
  responses: {
    '200': {
      description: 'Il file (Content-Disposition: attachment; scambio-figurine-<nickname>-<data>.json)',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    '401': { description: 'Non autenticato' },
    '429': { description: 'Troppe esportazioni in un’ora' },
  },
};

/**
 * `GET /api/user/export` ('Scarica i miei dati'): a file download, so a plain route rather than a tRPC
 * procedure. The session and the rate limit are checked first (401 and 429 answer JSON like every other
 * refusal); then the JSON document streams out as data-export.ts writes it, within EXPORT_TIME_LIMIT_MS:
 * a reader that stops reading, or a database that stalls, ends the download cut short, never an open
 * transaction.
 */
export function registerDataExportRoute(app: FastifyInstance, orm: MikroORM, services: Services) {
  app.get(DATA_EXPORT_PATH, async (request, reply) => {
    const ctx = await createRequestContext(orm, services, request, reply);
    const auth = await ctx.loadAuth();
    if (!auth) return reply.status(401).send({ message: NOT_LOGGED_IN_MESSAGE });
    const wait = await services.rateLimits.dataExports.take(String(auth.user.id));
    if (wait !== undefined) {
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .send({
          message: `Hai già scaricato i tuoi dati più volte nell'ultima ora. Riprova tra ${waitText(wait)}.`,
        });
    }

    const deadline = Date.now() + EXPORT_TIME_LIMIT_MS;
    const body = new PassThrough();
    const write = async (chunk: string) => {
      if (body.destroyed) throw new Error('data export: the download was closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`data export: not done within ${EXPORT_TIME_LIMIT_MS} ms`);
      if (!body.write(chunk)) await once(body, 'drain', { signal: AbortSignal.timeout(left) });
    };
    writeDataExport(orm.em.fork(), { id: auth.user.id, sessionId: auth.sessionId }, write).then(
      () => body.end(),
      (error: unknown) => {
        request.log.error({ err: error }, 'data export failed');
        body.destroy(error as Error);
      },
    );
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${dataExportFileName(auth.user.nickname)}"`)
      .send(body);
  });
}

/** "5 minuti", "1 minuto", or seconds under a minute. */
function waitText(seconds: number) {
  if (seconds < 60) return secondsText(seconds);
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minut${minutes === 1 ? 'o' : 'i'}`;
}
