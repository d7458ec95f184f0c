import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { emailUnsubscribeOutput, INVALID_UNSUBSCRIBE_MESSAGE } from '../../rpc/schemas/alerts.ts';
import { UNSUBSCRIBE_API_PATH } from '../alerts/alert-delivery.ts';
import { stopAlertEmails } from '../alerts/alert-settings.ts';
import { readUnsubscribeToken } from '../alerts/unsubscribe-token.ts';
import type { Services } from '../services.ts';
import { toJsonSchema } from './json-schema.ts';

/** Its entry in /api/openapi.json (openapi.ts), as it is not in the REST table. */
export const ALERT_UNSUBSCRIBE_OPERATION = {
  operationId: 'alertsOneClickUnsubscribe',
  tags: ['alerts'],
  summary: "Disiscrizione con un clic da un tipo di e-mail (RFC 8058: l'URL di List-Unsubscribe)",
  parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
  responses: {
    '200': {
      description: 'Disiscritto: il tipo di e-mail che non arriverà più',
      content: { 'application/json': { schema: toJsonSchema(emailUnsubscribeOutput, 'output') } },
    },
    '400': { description: 'Link non valido' },
  },
};

/**
 * `POST /api/alerts/unsubscribe?token=…`: what a mail program posts (`List-Unsubscribe=One-Click`, a form
 * body, from its own servers) when the collector taps its 'Annulla iscrizione'. The signed token is the
 * only authority, so it is exempt from the Origin and JSON rules of request-guards.ts; it can do nothing but
 * turn one kind of e-mail off.
 */
export function registerAlertUnsubscribeRoute(app: FastifyInstance, orm: MikroORM, services: Services) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(UNSUBSCRIBE_API_PATH, async (request, reply) => {
      const token = (request.query as Record<string, unknown>).token;
      const named =
        typeof token === 'string' ? readUnsubscribeToken(services.sessionSecret, token) : undefined;
      if (!named) return reply.status(400).send({ message: INVALID_UNSUBSCRIBE_MESSAGE });
      await stopAlertEmails(orm.em.fork(), named.userId, named.kind);
      // The shape the document states, the same as the tRPC procedure's answer.
      const answer: z.output<typeof emailUnsubscribeOutput> = { kind: named.kind };
      return reply.send(answer);
    });
  });
}
