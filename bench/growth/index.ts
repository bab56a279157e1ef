// Data-growth benchmark (issue 7): the list calls of bench/http as their tables grow to 10k, 100k
// and 1M rows (SIZES): users page, notices list and my messages (my/list, with its inbox table
// at the size and the reader holding 1 row in 1,000 of it). p50/p95 of CALLS sequential calls per
// list and size (after 20 unmeasured ones), printed as a table; flat means index-backed.
// The users searches (realName contains) go through the trigram index of migration 0020.
// Rows are made with generate_series in the database (one statement per table and step), then
// `vacuum analyze` (what autovacuum does after a bulk load), so figures do not depend on when it wakes.
// PostgreSQL (TEST_PG_URL, a throwaway database) to 1M; PGlite to 100k (PGLITE_SIZES): its single
// WASM process fills 1M rows per table in minutes and is not where a 1M-row deployment would run.
// The workflow to-do list has its own growth table in bench/workflow (tasks to 1M).
import { cpus, loadavg } from 'node:os';
import { BASIC, freshPostgresDatabase, postgresAvailable, PG_ADMIN_URL } from '../../server/test/harness.ts';
import { SEED } from '../../server/src/db/seed.ts';
import { md5 } from '../../server/src/modules/auth/password.ts';
import { startNode, type ServerNode } from '../http/control.ts';

const SIZES = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const PGLITE_SIZES = (process.env.PGLITE_SIZES ?? '10000,100000').split(',').map(Number);
const CALLS = Number(process.env.CALLS ?? 200);
const BASE_ID = 3000000000000000000n; // above any snowflake id of this decade: no clash with seeded rows
const T = SEED.tenant;

const LISTS = [
  { name: 'users page', url: '/api/blade-system/user/page?current=1&size=10' },
  // realName contains: `ilike '%…%'`, served by the trigram index of migration 0020. '用户5' matches 1 row in 9
  // (111,111 at 1M); '用户54321' a handful (none at 10k, 1 at 100k, 11 at 1M), as a search for one person does
  { name: 'users search realName', url: `/api/blade-system/user/page?current=1&size=10&realName=${encodeURIComponent('用户5')}` },
  { name: 'users search one person', url: `/api/blade-system/user/page?current=1&size=10&realName=${encodeURIComponent('用户54321')}` },
  { name: 'notices list', url: '/api/blade-desk/notice/list?current=1&size=10' },
  { name: 'my messages (my/list)', url: '/api/blade-message/message/my/list?current=1&size=10' },
];

const COUNT_ROW = 'notices count(*) alone';

/** Statements that grow each table from `from` rows (exclusive) to `to` rows of this benchmark. */
function fill(from: number, to: number): string[] {
  const g = `generate_series(${from + 1}, ${to}) g`;
  const id = (offset: bigint) => `(${BASE_ID + offset}::bigint + g)`;
  return [
    // users of one department and role, newest first by create_time like people added one by one
    `insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, create_time)
      select ${id(0n)}, '${T}', 'grow' || g, 'x', 'g' || g, '用户' || g, '${SEED.userRoleId}', '${SEED.deptTeachId}', now() - g * interval '1 second' from ${g}`,
    `insert into blade_notice (id, tenant_id, title, category, release_time, content)
      select ${id(0n)}, '${T}', '通知 ' || g, 1 + g % 3, now() - g * interval '1 minute', '<p>内容</p>' from ${g}`,
    // one message per 100 inbox rows; each row for one of 1,000 readers, the administrator among them
    `insert into blade_message (id, tenant_id, title, content, type, create_user, create_time)
      select ${id(0n)}, '${T}', '消息 ' || g, '', 1, ${SEED.adminId}, now() - g * interval '1 minute' from generate_series(${Math.floor(from / 100) + 1}, ${Math.floor(to / 100)}) g`,
    `insert into blade_message_user (id, tenant_id, message_id, user_id, is_read)
      select ${id(0n)}, '${T}', ${BASE_ID}::bigint + 1 + (g - 1) / 100, case when g % 1000 = 0 then ${SEED.adminId} else ${BASE_ID}::bigint + g % 1000 end, g % 2
      from ${g}`,
  ];
}

async function signIn(base: string): Promise<string> {
  const q = new URLSearchParams({ tenantId: T, username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all', type: 'account' });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': T } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body).slice(0, 200)}`);
  return body.access_token;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function timeList(base: string, token: string, url: string): Promise<{ p50: number; p95: number; total: number }> {
  const call = async () => {
    const res = await fetch(base + url, { headers: { 'Blade-Auth': `bearer ${token}` } });
    const body = (await res.json()) as { data?: { total?: number } };
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return Number(body.data?.total ?? 0);
  };
  for (let i = 0; i < 20; i++) await call();
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    total = await call();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 0.5), p95: pct(ms, 0.95), total };
}

async function scenario(kind: string, sizes: number[], env: Record<string, string>): Promise<void> {
  console.log(`\n# ${kind}: ${CALLS} sequential calls per list and size`);
  const node: ServerNode = await startNode('app', env);
  try {
    const token = await signIn(node.url);
    const rows: Record<string, string[]> = Object.fromEntries([...LISTS.map((l) => [l.name, []]), [COUNT_ROW, []]]);
    let have = 0;
    for (const size of sizes) {
      const ms = await node.sql(fill(have, size));
      have = size;
      const vac = await node.sql(['vacuum analyze blade_user', 'vacuum analyze blade_notice', 'vacuum analyze blade_message', 'vacuum analyze blade_message_user']);
      console.log(`  filled to ${size.toLocaleString('en')} rows per table in ${(ms / 1000).toFixed(1)} s (+ vacuum analyze ${(vac / 1000).toFixed(1)} s)`);
      for (const l of LISTS) {
        const f = await timeList(node.url, token, l.url);
        rows[l.name].push(`${f.p50.toFixed(1).padStart(6)} /${f.p95.toFixed(1).padStart(6)}`);
        if (process.env.VERBOSE) console.log(`    ${l.name}: total ${f.total}`);
      }
      // the part no page index removes: the exact total each page answers counts the matching rows
      const counts: number[] = [];
      for (let i = 0; i < 21; i++) counts.push(await node.sql([`select count(*) from blade_notice where tenant_id = '${T}' and is_deleted = 0`]));
      counts.sort((a, b) => a - b);
      rows[COUNT_ROW].push(`${counts[10].toFixed(1).padStart(6)} /${pct(counts, 0.95).toFixed(1).padStart(6)}`);
    }
    console.log(`  ${'list (p50 / p95 ms)'.padEnd(26)} ${sizes.map((s) => (s >= 1e6 ? `${s / 1e6}M` : `${s / 1e3}k`).padStart(15)).join(' ')}`);
    for (const name of [...LISTS.map((l) => l.name), COUNT_ROW]) console.log(`  ${name.padEnd(26)} ${rows[name].map((c) => c.padStart(15)).join(' ')}`);
  } finally {
    await node.stop();
  }
}

console.log(`# ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
if (await postgresAvailable()) {
  const db = await freshPostgresDatabase('bench_growth_');
  try {
    await scenario('PostgreSQL', SIZES, { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
} else console.log(`\n# PostgreSQL: skipped, ${PG_ADMIN_URL} is not reachable`);
if (PGLITE_SIZES.length && PGLITE_SIZES[0]) await scenario('PGlite', PGLITE_SIZES, {});
console.log(`# load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
