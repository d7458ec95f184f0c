import { loadEnv } from './env.ts';
import { startServer } from './server.ts';

const env = loadEnv();
const server = await startServer(env);
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
