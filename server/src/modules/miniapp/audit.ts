// The micro-apps' operation audit log (001 §3.6): who changed which design, permission or record,
// from where, and what it was before and after. Written with the change's own transaction, so an
// entry exists exactly when the change does.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me, type AuthUser } from '../../http/auth.ts';

/** Who acted (user: the signed-in person, for what depends on their rights, e.g. an option source's values). */
export interface Who { tenantId: string; account: string; ip: string; user?: AuthUser }
export const whoOf = (req: FastifyRequest): Who => ({ tenantId: me(req).tenantId, account: me(req).account, ip: req.ip, user: me(req) });

/** The most of a before / after snapshot an entry keeps (its column's length). */
const MAX_SNAPSHOT = 200_000;
const snapshot = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v).slice(0, MAX_SNAPSHOT));

export async function writeAudit(db: Db, who: Who, e: { appId?: string | null; module: 'appDesign' | 'permission' | 'dataManagement'; bizId?: string | null; operate: 'add' | 'update' | 'del'; before?: unknown; after?: unknown }): Promise<void> {
  await scoped(db, who.tenantId).insertInto('bladeAppAuditLog').values({
    id: nextId(), tenantId: who.tenantId, appId: e.appId ?? null, module: e.module, bizId: e.bizId ? String(e.bizId).slice(0, 64) : null,
    account: who.account.slice(0, 64), operate: e.operate, operateBefore: snapshot(e.before), operateAfter: snapshot(e.after), ipAddress: who.ip.slice(0, 64),
  }).execute();
}

/** One entry of the data-collection log (001 §3.4): a record or child row written, or a submission refused (status 0). */
export async function writeCollect(db: Db, ctx: { tenantId: string; userId: string; deptId: string }, e: {
  appId: string; bizCode?: string | null; bizName: string; tableName: string; source: 'app' | 'report' | 'flow'; method: 'insert' | 'update';
  type: 'main' | 'one' | 'more'; ok: boolean; oldData?: unknown; newData?: unknown; info?: string;
}): Promise<void> {
  const by = ctx.userId || null;
  await scoped(db, ctx.tenantId).insertInto('bladeAppCollectLog').values({
    id: nextId(), tenantId: ctx.tenantId, appId: e.appId, bizCode: e.bizCode ? String(e.bizCode).slice(0, 64) : null, bizName: e.bizName.slice(0, 64),
    tableName: e.tableName.slice(0, 64), source: e.source, method: e.method, type: e.type, collectStatus: e.ok ? 1 : 0,
    oldData: snapshot(e.oldData), newData: snapshot(e.newData), collectInfo: e.info ? e.info.slice(0, 2000) : null,
    createUser: by, createDept: ctx.deptId.split(',').find((x) => /^\d{1,19}$/.test(x)) ?? null, updateUser: by,
  }).execute();
}

/** Many successful entries of the data-collection log at once (an import: one per record), in multi-row inserts. */
export async function writeCollectMany(db: Db, ctx: { tenantId: string; userId: string; deptId: string }, e: {
  appId: string; bizName: string; tableName: string; source: 'app' | 'report' | 'flow'; method: 'insert' | 'update'; type: 'main' | 'one' | 'more';
}, records: { bizCode: string; newData: unknown }[]): Promise<void> {
  const by = ctx.userId || null;
  const dept = ctx.deptId.split(',').find((x) => /^\d{1,19}$/.test(x)) ?? null;
  for (let i = 0; i < records.length; i += 1000) {
    await scoped(db, ctx.tenantId).insertInto('bladeAppCollectLog').values(records.slice(i, i + 1000).map((r) => ({
      id: nextId(), tenantId: ctx.tenantId, appId: e.appId, bizCode: r.bizCode.slice(0, 64), bizName: e.bizName.slice(0, 64), tableName: e.tableName.slice(0, 64),
      source: e.source, method: e.method, type: e.type, collectStatus: 1, oldData: null, newData: snapshot(r.newData), collectInfo: null, createUser: by, createDept: dept, updateUser: by,
    }))).execute();
  }
}
