// The real server as a separate process (`node --import tsx server/src/main.ts`), for the tests
// that kill it (crash) or run two of it (multi-node).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { md5 } from '../../src/modules/auth/password.ts';
import { BASIC } from '../harness.ts';
import { send } from './sweep.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;

export const freePort = () => new Promise<number>((resolve, reject) => {
  const srv = createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => { const a = srv.address(); srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0)); });
});

export interface Node { child: ChildProcess; url: string; exited: Promise<number | null>; log: () => string }

/** Starts a server process with its own port; resolves once /healthz answers. */
export async function boot(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    // no demo campus (made through the API at the first boot: tens of seconds of a loaded machine)
    cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', SEED_CAMPUS: 'false', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while booting:\n${out}`);
    if ((await send(url + '/healthz', {}, 2000)).status === 200) break;
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not boot:\n${out}`); }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { child, url, exited, log: () => out };
}

/** Stops a node for good: SIGKILL, no goodbye. */
export async function kill(node: Node): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
  await node.exited;
}

/** The password grant against a node; answers the access token. */
export async function login(url: string, account = 'admin', password = 'admin', tenantId = '000000'): Promise<string> {
  const q = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
  const r = await send(`${url}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
  assert.equal(r.status, 200, r.text);
  return JSON.parse(r.text).access_token;
}
