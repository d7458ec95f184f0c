import { appRouter } from '../../rpc/router.ts';
import { UNSUBSCRIBE_API_PATH } from '../alerts/alert-delivery.ts';
import { ALERT_UNSUBSCRIBE_OPERATION } from './alert-unsubscribe-route.ts';
import { DATA_EXPORT_OPERATION, DATA_EXPORT_PATH } from './data-export-route.ts';
import { toJsonSchema } from './json-schema.ts';
import { inputFieldOf, operationIdOf, type RestRoute } from './rest-route.ts';
import { restRoutes } from './rest-routes.ts';

type ProcedureDef = { inputs: unknown[]; output?: unknown };

const errorResponse = {
  description: 'Errore, con il messaggio in italiano',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
  },
};

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;

/**
 * The OpenAPI 3.1 document of the REST table: request and response schemas come from the procedures'
 * own zod input and output schemas, so the document, the server's checks and the client's types cannot
 * drift apart.
 */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const route of restRoutes) {
    const operationId = operationIdOf(route);
    if (operationIds.has(operationId)) throw new Error(`operationId ${operationId} is used twice`);
    operationIds.add(operationId);
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][route.method.toLowerCase()] = describeOperation(route, operationId);
  }
  paths[DATA_EXPORT_PATH] = { get: DATA_EXPORT_OPERATION };
  paths[UNSUBSCRIBE_API_PATH] = { post: ALERT_UNSUBSCRIBE_OPERATION };
  const areas = [...new Set(restRoutes.map((route) => route.procedure.split('.')[0] as string))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scambio Figurine API',
      version: '1.0.0',
      description:
        "L'API REST di Scambio Figurine. Accesso con il cookie di sessione che `POST /api/auth/login` e " +
        '`POST /api/auth/register` impostano. Gli errori sono `{ message }` in italiano con uno stato 4xx; le ' +
        'richieste con corpo devono essere `application/json`.',
    },
    servers: [{ url: '/', description: 'Il server che serve questo documento' }],
    tags: areas.map((name) => ({ name })),
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sf_session' } },
    },
    security: [{ session: [] }],
    paths,
  };
}

function describeOperation(route: RestRoute, operationId: string) {
  const definition = procedures[route.procedure]?._def;
  if (!definition) throw new Error(`REST route ${route.path} names an unknown procedure ${route.procedure}`);
  const input = toJsonSchema(definition.inputs[0], 'input');
  const output = toJsonSchema(definition.output, 'output');
  if (!output) throw new Error(`procedure ${route.procedure} declares no output schema`);

  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const pathFields = new Set(pathNames.map((name) => inputFieldOf(route, name)));
  const parameters: Record<string, unknown>[] = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: input?.properties?.[inputFieldOf(route, name)] ?? { type: 'string' },
  }));

  const rest = Object.entries(input?.properties ?? {}).filter(([field]) => !pathFields.has(field));
  const required = (input?.required ?? []).filter((field) => !pathFields.has(field));
  let requestBody: Record<string, unknown> | undefined;
  if (route.method === 'GET') {
    for (const [name, schema] of rest) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  } else if (rest.length > 0) {
    const body = {
      ...input,
      properties: Object.fromEntries(rest),
      ...(required.length > 0 ? { required } : { required: undefined }),
    };
    requestBody = { required: required.length > 0, content: { 'application/json': { schema: body } } };
  }

  return {
    summary: route.summary,
    operationId,
    tags: [route.procedure.split('.')[0]],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [route.successStatus ?? 200]: {
        description: route.successStatus === 201 ? 'Creato' : 'OK',
        content: { 'application/json': { schema: output } },
      },
      '4XX': errorResponse,
    },
  };
}
