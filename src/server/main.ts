import { type Env, loadEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { type RunningServer, startServer } from './server.ts';

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  // No logger yet: its format and level are part of the configuration that was refused.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const log = await createLogger(env);

let server: RunningServer;
try {
  server = await startServer(env, log);
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}
log.info(`Scambio Figurine è pronto: ${server.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    // The requests in flight finish first, within DRAIN_TIMEOUT_MS (docs/decisions/026).
    log.info(`${signal}: chiusura in corso…`);
    const started = performance.now();
    await server.close();
    log.info(`chiuso in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  });
}
