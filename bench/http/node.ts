// One server of the HTTP benchmark, run as a child process of index.ts so that the load generator
// (autocannon, in the parent) does not share this event loop. argv[2]:
//   app   the real app (buildApp, compiled as `npm run serve` runs it) on PGlite in a temp folder,
//         or on DATABASE_URL;
//   bare  a bare Fastify that answers each route the parent sends with the exact bytes the real
//         app answered (the ceiling: routing and JSON bytes on the wire, no database, no hooks).
// Over IPC: answers { ev: 'ready', url } once it listens; { cmd: 'sql', text } runs statements on
// the app's own database (PGlite lives in this process) and answers { ev: 'sql', ms } (bench/growth
// fills tables that way); { cmd: 'stop' } closes it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ToNode = { cmd: 'stop' } | { cmd: 'sql'; text: string[] };
export type FromNode = { ev: 'ready'; url: string } | { ev: 'sql'; ms: number; error?: string };
export interface BareRoute { method: 'GET' | 'POST'; url: string; body: string }

const send = (m: FromNode) => process.send!(m);
const urlOf = (addr: ReturnType<import('node:http').Server['address']>) => `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

let close: () => Promise<void>;
let runSql: (text: string) => Promise<void> = async () => { throw new Error('no database in the bare server'); };
if (process.argv[2] === 'bare') {
  const Fastify = (await import('fastify')).default;
  const routes = JSON.parse(process.env.BARE_ROUTES ?? '[]') as BareRoute[];
  const app = Fastify({ logger: false });
  for (const r of routes) {
    const path = r.url.split('?')[0];
    app.route({
      method: r.method, url: path,
      handler: async (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(r.body),
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  send({ ev: 'ready', url: urlOf(app.server.address()) });
} else {
  // the server's code as `npm run serve` runs it: the JavaScript `npm run build` makes
  // (scripts/build-server.mjs, run here first so it is the current code), not tsx's transform of it
  const root = new URL('../..', import.meta.url).pathname;
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('scripts/build-server.mjs failed');
  const { buildApp } = (await import(join(root, 'server/dist/app.js'))) as typeof import('../../server/src/app.ts');
  const { loadConfig } = (await import(join(root, 'server/dist/config.js'))) as typeof import('../../server/src/config.ts');
  const dataDir = process.env.DATABASE_URL ? '' : mkdtempSync(join(tmpdir(), 'campus-bench-http-'));
  const config = loadConfig({ port: 0, host: '127.0.0.1', logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
  const app = await buildApp(config, { logger: false });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { sql } = await import('kysely');
  runSql = async (text) => { await sql.raw(text).execute(app.database.db); };
  close = async () => {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  send({ ev: 'ready', url: urlOf(app.app.server.address()) });
}

process.on('message', async (m: ToNode) => {
  if (m.cmd === 'sql') {
    const t = performance.now();
    try {
      for (const text of m.text) await runSql(text);
      send({ ev: 'sql', ms: performance.now() - t });
    } catch (e) {
      send({ ev: 'sql', ms: performance.now() - t, error: (e as Error).message });
    }
  } else if (m.cmd === 'stop') {
    await close();
    process.exit(0);
  }
});
