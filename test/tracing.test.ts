import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const HOOK = new URL('../src/server/tracing-hook.ts', import.meta.url).pathname;
// What a module of the app sees: a registered OpenTelemetry API (the SDK started) and a span that records.
const PROBE = `import { trace } from '@opentelemetry/api';
console.log(JSON.stringify({
  registered: Object.getOwnPropertySymbols(globalThis).some((key) => String(key).includes('opentelemetry')),
  recording: trace.getTracer('probe').startSpan('probe').isRecording(),
}));`;

async function probe(env: Record<string, string>) {
  const { stdout } = await run(process.execPath, ['--import', HOOK, '--input-type=module', '-e', PROBE], {
    env: { PATH: process.env.PATH, ...env },
  });
  return JSON.parse(stdout);
}

test('without OTEL_EXPORTER_OTLP_ENDPOINT the hook starts nothing', async () => {
  expect(await probe({})).toEqual({ registered: false, recording: false });
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT the hook starts the SDK before the app', async () => {
  // Nothing listens there: spans are only exported in batches, after the probe has ended.
  const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_BSP_SCHEDULE_DELAY: '60000' };
  expect(await probe(env)).toEqual({ registered: true, recording: true });
});
