import { register } from 'node:module';

/**
 * OpenTelemetry tracing (docs/decisions/027), off unless an OTLP endpoint is given: then the SDK starts
 * with spans for incoming and outgoing HTTP, Fastify's routes and hooks, and PostgreSQL queries, exported
 * over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the SDK reads it, and its other OTEL_* variables,
 * itself). Without an endpoint nothing of OpenTelemetry is even loaded. It must run before the app's
 * modules are loaded, so that their imports can be wrapped: `npm start` imports `tracing-hook.ts` first;
 * run by hand, `node --import ./src/server/tracing-hook.ts src/server/main.ts`.
 */
export async function startTracing(
  config: { endpoint: string; serviceName: string } | undefined,
): Promise<void> {
  if (!config) return;
  // ES modules are wrapped as they are imported: the hook must be in place before the app's imports.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
}
