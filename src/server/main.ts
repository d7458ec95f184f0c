import { loadEnv } from './env.ts';
import { type RunningServer, startServer } from './server.ts';

let server: RunningServer;
try {
  server = await startServer(loadEnv());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`Scambio Figurine è pronto: ${server.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: chiusura in corso…`);
    await server.close();
    process.exit(0);
  });
}
