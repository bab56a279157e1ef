// One API node of the realtime benchmark, run as a child process of index.ts: the real app
// (buildApp) on the database and Redis the parent names. Over IPC it answers once it listens
// and, when asked, makes the benchmark's users and their tokens, or publishes one event to them
// through the hub with the moment of publishing, so the parent can measure the push alone.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { nextId } from '../../server/src/db/ids.ts';
import { SEED } from '../../server/src/db/seed.ts';
import type { TokenClaims } from '../../server/src/http/auth.ts';
import { USER_MESSAGES } from '../../server/src/realtime/topics.ts';

export type ToNode =
  | { cmd: 'seed'; users: number }
  | { cmd: 'publish'; userIds: string[]; round: number }
  | { cmd: 'stop' };
export type FromNode =
  | { ev: 'ready'; url: string }
  | { ev: 'seeded'; roleId: string; users: { id: string; token: string }[]; adminToken: string }
  | { ev: 'published'; ms: number; cpuMs: number };

const dataDir = process.env.DATABASE_URL ? '' : mkdtempSync(join(tmpdir(), 'campus-bench-'));
const config = loadConfig({ port: 0, host: '127.0.0.1', logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
const app = await buildApp(config, { logger: false });
await app.app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.app.server.address();
const send = (m: FromNode) => process.send!(m);
send({ ev: 'ready', url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` });

const claimsOf = (userId: string, account: string, roleId: string, roleName: string, deptId: string): TokenClaims => ({
  tenant_id: SEED.tenant, user_id: userId, dept_id: deptId, post_id: '', role_id: roleId, role_name: roleName, account,
  user_name: account, nick_name: account, real_name: account, oauth_id: '', client_id: 'saber',
});

/** N users of a new role, each with an access token signed as the sign-in would sign it. */
async function seed(n: number): Promise<FromNode> {
  const db = app.database.db;
  const roleId = nextId();
  await db.insertInto('bladeRole').values({ id: roleId, tenantId: SEED.tenant, parentId: '0', roleName: '压测角色', roleAlias: 'bench', sort: 99 }).execute();
  const users = Array.from({ length: n }, (_, i) => ({ id: nextId(), account: `bench${i}` }));
  for (let i = 0; i < users.length; i += 1000) {
    await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id)
      select u.id::bigint, ${SEED.tenant}, u.account, p.password, u.account, u.account, ${roleId}, ${SEED.deptTeachId}
      from unnest(${users.slice(i, i + 1000).map((u) => u.id)}::text[], ${users.slice(i, i + 1000).map((u) => u.account)}::text[]) as u(id, account)
      cross join (select password from blade_user where id = ${SEED.userId}) p`.execute(db);
  }
  const tokens = app.services.auth.tokens;
  const signed = await Promise.all(users.map(async (u) => ({ id: u.id, token: await tokens.sign(claimsOf(u.id, u.account, roleId, 'bench', SEED.deptTeachId), 'access', 7200, randomUUID()) })));
  const adminToken = await tokens.sign(claimsOf(SEED.adminId, 'admin', SEED.adminRoleId, 'administrator', SEED.deptInfoId), 'access', 7200, randomUUID());
  return { ev: 'seeded', roleId, users: signed, adminToken };
}

process.on('message', async (m: ToNode) => {
  if (m.cmd === 'seed') send(await seed(m.users));
  else if (m.cmd === 'publish') {
    // sentAt on the shared clock of this machine (epoch ms, sub-millisecond)
    const sentAt = performance.timeOrigin + performance.now();
    // CPU time too: unlike wall time it hardly depends on what else the machine runs
    const cpu0 = process.cpuUsage();
    await app.app.realtime.publishToUsers(USER_MESSAGES, m.userIds, { id: String(m.round), title: `压测 ${m.round}`, content: '', type: 1, pcUrl: null, sentAt });
    await app.app.realtime.written();
    // with the in-memory bus this is the whole fan-out of this node (every slice); with Redis only the publish
    const cpu = process.cpuUsage(cpu0);
    send({ ev: 'published', ms: performance.timeOrigin + performance.now() - sentAt, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (m.cmd === 'stop') {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
