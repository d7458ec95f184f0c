import { z } from 'zod';
import { appRouter } from '../../rpc/router.ts';
import { type RestRoute, restRoutes } from './rest-routes.ts';

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };

const errorResponse = {
  description: 'Errore, con il messaggio in italiano',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
  },
};

/** An OpenAPI 3.1 document for the REST table, with input schemas taken from the procedures' zod schemas. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][route.method.toLowerCase()] = describeOperation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Scambio Figurine API', version: '1.0.0' },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sf_session' } },
    },
    security: [{ session: [] }],
    paths,
  };
}

function describeOperation(route: RestRoute) {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  const definition = procedures[route.procedure]?._def;
  const input = definition?.inputs[0];
  const inputSchema =
    input instanceof z.ZodType ? z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) : undefined;
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE' && inputSchema;
  return {
    summary: route.summary,
    operationId: route.procedure,
    ...(pathParameters.length > 0 ? { parameters: pathParameters } : {}),
    ...(takesBody
      ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema } } } }
      : {}),
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: {} } } },
      '4XX': errorResponse,
    },
  };
}
