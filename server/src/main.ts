// Boot: config -> database -> modules -> listen; SIGTERM/SIGINT finish in-flight requests first.
// `--migrate` (npm run db:migrate) only brings the database schema up to date and exits.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { syncMenus } from './db/menus.ts';
import { collectMigrations, migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { configuredNodeId, leaseWorkerId } from './db/worker.ts';
import { hashPassword, md5 } from './modules/auth/password.ts';
import { modules } from './modules/index.ts';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  // a bad setting stops the start, naming the variable (no stack trace: nothing is wrong with the code)
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}
if (process.argv.includes('--migrate')) {
  const database = await openDatabase(config, { migrations: collectMigrations(modules) });
  try {
    await migrate(database.db, modules);
    await syncMenus(database.db, modules.flatMap((m) => m.menus ?? []));
    if (config.seedDemo) {
      const worker = await leaseWorkerId(database.db, { nodeId: configuredNodeId() }); // the seed makes ids
      try { await seed(database.db, { hashPassword, md5 }); } finally { await worker.close(); }
    }
    const n = await database.db.selectFrom('kyselyMigration').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    console.log(`database ${database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir} is up to date (${n.n} migrations)`);
  } finally {
    await database.close();
  }
  process.exit(0);
}
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
    // /readyz turns 503 first; DRAIN_SECONDS gives a load balancer time to notice before the port closes
    server.drain();
    const drainMs = Math.min(Number(process.env.DRAIN_SECONDS ?? 0) || 0, 60) * 1000;
    const force = setTimeout(() => process.exit(1), 15_000 + drainMs);
    force.unref();
    setTimeout(() => server.close().then(() => process.exit(0), () => process.exit(1)), drainMs);
  });
}
