// Boot: config -> database -> modules -> listen; SIGTERM/SIGINT finish in-flight requests first.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const started = Date.now();
const server = await buildApp(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(`campus platform ready on http://localhost:${config.port} (${server.database.kind}, ${Date.now() - started} ms)`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close().then(() => process.exit(0), () => process.exit(1));
  });
}
