import { tracingConfig } from './env.ts';
import { startTracing } from './tracing.ts';

// Loaded with `node --import` before the app: starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracing(tracingConfig());
