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
    if (stopping) {
      // Whoever sends a second signal (Ctrl-C twice, an impatient platform) does not wait out the delay;
      // the requests in flight still finish.
      log.info(`${signal}: chiusura senza attendere oltre`);
      void server.close();
      return;
    }
    stopping = true;
    // /api/ready answers 503 while the server listens on for DRAIN_DELAY_MS; then the requests in flight
    // finish, within DRAIN_TIMEOUT_MS (docs/decisions/026).
    log.info(
      `${signal}: chiusura in corso…` +
        (env.DRAIN_DELAY_MS > 0
          ? ` (/api/ready risponde 503; in ascolto ancora ${env.DRAIN_DELAY_MS} ms)`
          : ''),
    );
    const started = performance.now();
    try {
      await server.close();
    } catch (error) {
      // Said in the log, not as an unhandled rejection: the operator sees what did not close.
      log.error({ err: error }, `chiusura non riuscita: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
    log.info(`chiuso in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  });
}
