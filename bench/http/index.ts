// HTTP benchmark (issue 7): autocannon against the real server's sign-in, menu routes, workflow
// to-do list and two business lists (users page, notices), on PGlite and on PostgreSQL, and in the
// same run against a bare Fastify that answers each of these routes with the very bytes the real
// server answered: the ceiling of this machine for that answer. Prints requests/s, p99 latency and
// the ratio real / bare for each route.
// The servers run in child processes (node.ts); autocannon runs here. Env: DURATION (s per route
// and server, default 5), CONNECTIONS (default 10), TEST_PG_URL (PostgreSQL admin URL; a throwaway
// database is created and dropped; skipped with the reason when unreachable).
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { BASIC, freshPostgresDatabase, postgresAvailable, PG_ADMIN_URL } from '../../server/test/harness.ts';
import { md5 } from '../../server/src/modules/auth/password.ts';
import { startNode, type ServerNode } from './control.ts';
import type { BareRoute } from './node.ts';

const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

interface CannonResult { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number }
interface CannonOptions { url: string; method?: string; headers?: Record<string, string>; body?: string; connections: number; duration: number }
const autocannon = createRequire(import.meta.url)('autocannon') as (o: CannonOptions) => Promise<CannonResult>;

interface Call { name: string; method: 'GET' | 'POST'; url: string; auth: boolean; body?: string; headers?: Record<string, string> }

const loginQuery = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all', type: 'account' });
const CALLS: Call[] = [
  // every sign-in verifies a scrypt hash: bounded by that CPU work by design
  { name: 'sign-in (oauth/token)', method: 'POST', url: `/api/blade-auth/oauth/token?${loginQuery}`, auth: false, headers: { Authorization: BASIC, 'Tenant-Id': '000000' } },
  { name: 'menu routes', method: 'GET', url: '/api/blade-system/menu/routes', auth: true },
  { name: 'workflow to-do list', method: 'GET', url: '/api/blade-workflow/process/todoList?current=1&size=10', auth: true },
  { name: 'users page', method: 'GET', url: '/api/blade-system/user/page?current=1&size=10', auth: true },
  { name: 'notices list', method: 'GET', url: '/api/blade-desk/notice/list?current=1&size=10', auth: true },
];

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}${CALLS[0].url}`, { method: 'POST', headers: CALLS[0].headers });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body).slice(0, 200)}`);
  return body.access_token;
}

const fmt = (n: number, w = 8) => n.toFixed(n < 100 ? 1 : 0).padStart(w);

async function scenario(kind: string, env: Record<string, string>): Promise<void> {
  console.log(`\n# ${kind}: ${CONNECTIONS} connections, ${DURATION} s per route and server`);
  // the sign-in limiter (LOGIN_RATE_LIMIT per address and account a minute) would answer 429 after
  // 20 calls: off here, so the row measures a sign-in's own work (scrypt), not the limiter
  const app = await startNode('app', { LOGIN_RATE_LIMIT: '0', ...env });
  let bare: ServerNode | undefined;
  try {
    const token = await signIn(app.url);
    const headersOf = (c: Call) => ({ ...(c.headers ?? {}), ...(c.auth ? { 'Blade-Auth': `bearer ${token}` } : {}) });
    // a page of notices to list (the seed has few): 30 through the API, as an editor would
    for (let i = 0; i < 30; i++) {
      await fetch(`${app.url}/api/blade-desk/notice/submit`, {
        method: 'POST', headers: { ...headersOf(CALLS[1]), 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `压测通知 ${i}`, category: 1, content: '<p>内容</p>' }),
      });
    }
    // what the real server answers, for the bare one to answer too
    const bareRoutes: BareRoute[] = [];
    for (const c of CALLS) {
      const res = await fetch(app.url + c.url, { method: c.method, headers: headersOf(c) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${c.name} answered ${res.status}: ${text.slice(0, 200)}`);
      bareRoutes.push({ method: c.method, url: c.url, body: text });
    }
    bare = await startNode('bare', { BARE_ROUTES: JSON.stringify(bareRoutes) });
    console.log(`  ${'route'.padEnd(24)} ${'bytes'.padStart(6)}   ${'app req/s'.padStart(9)} ${'p99 ms'.padStart(7)}   ${'bare req/s'.padStart(10)} ${'p99 ms'.padStart(7)}   app/bare`);
    for (const [i, c] of CALLS.entries()) {
      const run = (base: string, duration: number) => autocannon({ url: base + c.url, method: c.method, headers: headersOf(c), connections: CONNECTIONS, duration });
      await run(app.url, 1); // warm-up: JIT, plans, pools
      const a = await run(app.url, DURATION);
      await run(bare.url, 1);
      const b = await run(bare.url, DURATION);
      const bad = a.non2xx + a.errors + a.timeouts;
      console.log(`  ${c.name.padEnd(24)} ${String(bareRoutes[i].body.length).padStart(6)}   ${fmt(a.requests.average, 9)} ${fmt(a.latency.p99, 7)}   ${fmt(b.requests.average, 10)} ${fmt(b.latency.p99, 7)}   ${(a.requests.average / b.requests.average).toFixed(3)}${bad ? `  (${bad} failed or non-2xx of ${a.requests.total})` : ''}`);
    }
  } finally {
    await bare?.stop();
    await app.stop();
  }
}

console.log(`# ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
await scenario('PGlite', {});
if (await postgresAvailable()) {
  const db = await freshPostgresDatabase('bench_http_');
  try {
    await scenario('PostgreSQL', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
} else console.log(`\n# PostgreSQL: skipped, ${PG_ADMIN_URL} is not reachable`);
console.log(`# load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
