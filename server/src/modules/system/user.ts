// User administration (002 §7 "User") and the pickers' search calls. Passwords arrive MD5-hashed
// from the client, as at sign-in, and are stored as scrypt hashes. The table, its list filters, the
// submit body and the account's uniqueness come from the model (@campus/schema userModel); the routes
// stay their own (names of departments, roles and posts in every answer, the department tree filter,
// the password rules, the tenant's account quota).
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { userModel, type FieldDef } from '@campus/schema';
import { isId, parseIds, Repo, type Ctx, type Row } from '../../db/repo.ts';
import { me } from '../../http/auth.ts';
import { ctxOf } from '../../http/crud.ts';
import { modelBody, modelRepo } from '../../http/model-resource.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { hashPassword, isMd5, md5 } from '../auth/password.ts';
import type { ModuleDeps } from '../index.ts';
import { MSG } from './messages.ts';
import { descendants } from './tree.ts';
import { likeContains } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { dynamic } from '../../db/index.ts';

const FIELDS: [string, FieldDef][] = Object.entries(userModel.fields);
/** What a user row shows: every field of the model sent to clients (never the password), and the audit columns below. */
const SAFE_FIELDS = ['id', 'tenantId', ...FIELDS.filter(([, f]) => !f.hidden && !f.secret).map(([n]) => n), 'createUser', 'createDept', 'createTime', 'updateTime'];
/** The comma lists of ids: empty (never null) when left out, as the table keeps them. */
const ID_LISTS = ['deptId', 'roleId', 'postId'] as const;
const DEFAULT_PASSWORD = '123456';

// the model's body (types, lengths, formats, the id lists), plus the confirmation of a new password
const userBody = modelBody(userModel).extend({ password2: z.string().optional() });

export async function userRoutes(app: TypedApp, { db, menus }: ModuleDeps) {
  // the model's table (tenant, soft delete, audit, filters, password hidden), narrowed by the data scope of resource "user"
  const users = modelRepo(db, userModel, { dataScope: 'user' });

  /** Adds department, role and post names to user rows (one query per kind). */
  const named = async (tenantId: string, rows: Row[]): Promise<Row[]> => {
    const ids = (k: string) => [...new Set(rows.flatMap((r) => String(r[k] ?? '').split(',').filter(isId)))];
    const tenant = dynamic(scoped(db, tenantId));
    const lookup = async (table: string, col: string, list: string[]) => new Map(list.length
      ? (await tenant.selectFrom(table).select(['id', col]).where('id', 'in', list).execute()).map((x) => [String(x.id), String(x[col])])
      : []);
    const [d, r, p] = await Promise.all([lookup('bladeDept', 'deptName', ids('deptId')), lookup('bladeRole', 'roleName', ids('roleId')), lookup('bladePost', 'postName', ids('postId'))]);
    const names = (m: Map<string, string>, v: unknown) => String(v ?? '').split(',').map((x) => m.get(x)).filter(Boolean).join(',');
    return rows.map((u) => {
      const out: Row = {};
      for (const f of SAFE_FIELDS) out[f] = u[f];
      return { ...out, deptName: names(d, u.deptId), roleName: names(r, u.roleId), postName: names(p, u.postId), userTypeName: ['', 'WEB', 'APP', 'OTHER'][Number(u.userType)] ?? '' };
    });
  };

  /** deptId filter includes the department's sub-departments, as the user screen's tree expects. */
  const byDept = async (tenantId: string, deptId: string | undefined) => {
    if (!deptId || !isId(deptId)) return (qb: SelectQueryBuilder<any, any, Row>) => qb;
    const all = await descendants(db, 'bladeDept', tenantId, [deptId]);
    return (qb: SelectQueryBuilder<any, any, Row>) => qb.where(sql<boolean>`string_to_array(dept_id, ',') && ${all}::text[]`);
  };

  const page = async (ctx: Ctx, query: Record<string, string>) => {
    const { deptId, ...q } = query;
    const narrow = await byDept(ctx.tenantId, deptId);
    const p = await users.page(ctx, q, (qb) => narrow(qb.where('status', '<>', 2)));
    return ok({ ...p, records: await named(ctx.tenantId, p.records) });
  };
  const pageSchema = { tags: ['system'], summary: 'Users (filters account, realName, deptId incl. sub-departments, ...); parameters travel as plain query (the original encrypted them)', querystring: z.record(z.string(), z.string()) };
  app.get('/api/blade-system/user/page', { schema: pageSchema, config: { permission: ['user', 'user_view'] } }, (req) => page(ctxOf(req), req.query));
  app.get('/api/blade-system/user/list', { schema: pageSchema, config: { permission: ['user', 'user_view'] } }, (req) => page(ctxOf(req), req.query));

  const quotaCheck = async (tenantId: string) => {
    const t = await scoped(db, tenantId).selectFrom('bladeTenant').select('accountNumber').where('isDeleted', '=', 0).executeTakeFirst();
    const max = Number(t?.accountNumber ?? -1);
    if (max < 0) return;
    const { n } = await scoped(db, tenantId).selectFrom('bladeUser').select(sql<string>`count(*)`.as('n')).where('isDeleted', '=', 0).executeTakeFirstOrThrow() as { n: string };
    if (Number(n) >= max) throw new ApiError(400, MSG.accountQuota);
  };
  const ownIds = async (tenantId: string, table: string, csv: unknown) => {
    const list = String(csv ?? '').split(',').filter(isId);
    if (!list.length) return;
    const found = await dynamic(scoped(db, tenantId)).selectFrom(table).select('id').where('id', 'in', list).where('isDeleted', '=', 0).execute();
    if (found.length !== new Set(list).size) throw new ApiError(400, 'invalid', { field: table.replace('blade', '').toLowerCase() + 'Id' });
  };
  const save = async (req: Parameters<typeof me>[0], body: z.output<typeof userBody>, mode: 'submit' | 'update') => {
    const ctx = ctxOf(req);
    const e: Row = { ...body };
    const insert = !e.id;
    const codes = await app.permissionsOf(me(req));
    if (!codes.has(insert ? 'user_add' : 'user_edit')) throw new ApiError(403, 'forbidden');
    await ownIds(ctx.tenantId, 'bladeDept', e.deptId);
    await ownIds(ctx.tenantId, 'bladeRole', e.roleId);
    await ownIds(ctx.tenantId, 'bladePost', e.postId);
    // unique among the tenant's live users (the account): the model's message
    for (const [name, f] of FIELDS) {
      if (!f.unique || e[name] === undefined || e[name] === null) continue;
      let dup = dynamic(scoped(db, ctx.tenantId)).selectFrom('bladeUser').select('id').where(name, '=', e[name]).where('isDeleted', '=', 0);
      if (!insert) dup = dup.where('id', '<>', e.id as string);
      if (await dup.executeTakeFirst()) throw new ApiError(400, f.unique);
    }
    for (const k of ID_LISTS) e[k] ??= '';
    if (e.status === null) delete e.status;
    if (insert) {
      await quotaCheck(ctx.tenantId);
      if (!e.password || !isMd5(String(e.password))) throw new ApiError(400, MSG.passwordRequired);
      if (e.password2 !== undefined && e.password2 !== e.password) throw new ApiError(400, 'passwordMismatch');
      e.password = await hashPassword(String(e.password));
    } else {
      delete e.password; // passwords change only through reset-password and update-password
      if (mode === 'update' && e.id === ctx.userId) delete e.status;
    }
    delete e.password2;
    const row = await users.save(ctx, e);
    menus.clearCache();
    return ok((await named(ctx.tenantId, [row]))[0]);
  };
  app.post('/api/blade-system/user/submit', { schema: { tags: ['system'], summary: 'Add (password = MD5 hex, required) or update a user', body: userBody }, config: { permission: ['user_add', 'user_edit'] } }, (req) => save(req, req.body, 'submit'));
  app.post('/api/blade-system/user/update', { schema: { tags: ['system'], summary: 'Update a user (password unchanged)', body: userBody.extend({ id: z.string().regex(/^\d{1,19}$/) }) }, config: { permission: 'user_edit' } }, (req) => save(req, req.body, 'update'));

  app.post('/api/blade-system/user/remove', { schema: { tags: ['system'], summary: 'Remove users (not yourself)', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'user_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    if (ids.includes(ctx.userId)) throw new ApiError(400, MSG.selfDelete);
    await users.remove(ctx, ids);
    return ok(true);
  });

  // ids in the query (comma lists) or the body (JSON or form: comma lists or lists); the body wins
  const idList = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).nullish();
  const idsBody = z.object({ userIds: idList, roleIds: idList }).nullish();
  const userIdsOf = (query: { userIds?: string; roleIds?: string }, body: z.output<typeof idsBody>) => {
    const q = { ...query, ...body };
    return { q, userIds: parseIds(Array.isArray(q.userIds) ? q.userIds.join(',') : q.userIds) };
  };
  const idsSchema = (summary: string) => ({ tags: ['system'], summary, querystring: z.object({ userIds: z.string().max(20000).optional() }).passthrough(), body: idsBody });

  app.post('/api/blade-system/user/reset-password', { schema: idsSchema('Reset passwords to the initial password (param account.initPassword, default 123456)'), config: { permission: 'user_reset' } }, async (req) => {
    const ctx = ctxOf(req);
    const { userIds } = userIdsOf(req.query, req.body);
    const param = await scoped(db, ctx.tenantId).selectFrom('bladeParam').select('paramValue').where('paramKey', '=', 'account.initPassword').where('isDeleted', '=', 0).executeTakeFirst();
    // only the tenant's own accounts are hashed for: ids of another tenant's cost nothing (a hash is
    // deliberately slow, so hashing for every id sent would let one tenant load the server)
    const own = await scoped(db, ctx.tenantId).selectFrom('bladeUser').select('id').where('id', 'in', userIds).where('isDeleted', '=', 0).execute();
    // a salt per account: one hash for all would show which accounts share a password
    for (const { id } of own) {
      const hash = await hashPassword(md5(String(param?.paramValue ?? DEFAULT_PASSWORD)));
      await scoped(db, ctx.tenantId).updateTable('bladeUser').set({ password: hash, failCount: 0, lockUntil: null, updateUser: ctx.userId, updateTime: sql`now()` })
        .where('id', '=', String(id)).execute();
    }
    return ok(true);
  });

  app.post('/api/blade-system/user/grant', { schema: { ...idsSchema('Give users these roles (replacing theirs)'), querystring: z.object({ userIds: z.string().max(20000).optional(), roleIds: z.string().max(20000).optional() }).passthrough() }, config: { permission: 'user_role' } }, async (req) => {
    const ctx = ctxOf(req);
    const { q, userIds } = userIdsOf(req.query, req.body);
    const roleIds = String(Array.isArray(q.roleIds) ? q.roleIds.join(',') : q.roleIds ?? '').split(',').filter(Boolean);
    if (!roleIds.every(isId)) throw new ApiError(400, 'invalid', { field: 'roleIds' });
    await ownIds(ctx.tenantId, 'bladeRole', roleIds.join(','));
    await scoped(db, ctx.tenantId).updateTable('bladeUser').set({ roleId: roleIds.join(','), updateUser: ctx.userId, updateTime: sql`now()` }).where('id', 'in', userIds).execute();
    menus.clearCache();
    return ok(true);
  });

  app.post('/api/blade-system/user/unlock', { schema: idsSchema('Clear sign-in lockouts'), config: { permission: 'user_unlock' } }, async (req) => {
    const ctx = ctxOf(req);
    await scoped(db, ctx.tenantId).updateTable('bladeUser').set({ failCount: 0, lockUntil: null }).where('id', 'in', userIdsOf(req.query, req.body).userIds).execute();
    return ok(true);
  });

  // guest registrations waiting for approval (status 2)
  app.get('/api/blade-system/user/register-list', { schema: { tags: ['system'], summary: 'Guest registrations waiting for approval (paged)', querystring: z.record(z.string(), z.string()) }, config: { permission: 'user_audit' } }, async (req) => {
    const ctx = ctxOf(req);
    const p = await users.page(ctx, req.query, (qb) => qb.where('status', '=', 2));
    return ok({ ...p, records: await named(ctx.tenantId, p.records) });
  });
  app.post('/api/blade-system/user/audit-pass', { schema: idsSchema('Approve guest registrations: the accounts become active'), config: { permission: 'user_audit' } }, async (req) => {
    const ctx = ctxOf(req);
    await scoped(db, ctx.tenantId).updateTable('bladeUser').set({ status: 1, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', 'in', userIdsOf(req.query, req.body).userIds).where('status', '=', 2).execute();
    return ok(true);
  });
  app.post('/api/blade-system/user/audit-refuse', { schema: idsSchema('Refuse guest registrations: the pending accounts are removed'), config: { permission: 'user_audit' } }, async (req) => {
    const ctx = ctxOf(req);
    await scoped(db, ctx.tenantId).updateTable('bladeUser').set({ isDeleted: 1, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', 'in', userIdsOf(req.query, req.body).userIds).where('status', '=', 2).execute();
    return ok(true);
  });

  app.post('/api/blade-system/user/update-platform', {
    schema: { tags: ['system'], summary: 'Set a user platform type and extension', body: z.object({ userId: z.string().regex(/^\d{1,19}$/), userType: z.coerce.number().int().min(1).max(9), userExt: z.string().max(4000).optional().nullable() }) },
    config: { permission: 'user_edit' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body;
    const r = await scoped(db, ctx.tenantId).updateTable('bladeUser').set({ userType: b.userType, userExt: b.userExt ?? null }).where('id', '=', b.userId).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw new ApiError(400, 'noData');
    return ok(true);
  });
  app.get('/api/blade-system/user/platform-detail', { schema: { tags: ['system'], summary: 'A user platform type and extension', querystring: z.object({ id: z.string().max(19).optional() }).passthrough() }, config: { permission: ['user', 'user_view'] } }, async (req) => {
    const ctx = ctxOf(req);
    const { id } = req.query;
    if (!isId(id)) return ok(null);
    const u = await scoped(db, ctx.tenantId).selectFrom('bladeUser').select(['id', 'account', 'realName', 'userType', 'userExt']).where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    return ok(u ? { ...u, userId: u.id } : null);
  });
  app.get('/api/blade-system/user/userListByIds', { schema: { tags: ['system'], summary: 'Users of the tenant by ids (picker echo)', querystring: z.object({ ids: z.string().max(20000).optional(), userIds: z.string().max(20000).optional() }).passthrough() } }, async (req) => {
    const ctx = ctxOf(req);
    const q = req.query;
    const ids = String(q.ids ?? q.userIds ?? '').split(',').filter(isId);
    if (!ids.length) return ok([]);
    const rows = await users.select(ctx).where('id', 'in', ids.slice(0, 1000)).execute();
    return ok((await named(ctx.tenantId, rows)).map(pickerRow));
  });

  // ---- picker searches: any signed-in user of the tenant ----
  const search = (table: string, columns: Record<string, 'string' | 'id' | 'number' | 'date'>, shape: (rows: Row[], tenantId: string) => Promise<Row[]> | Row[], narrow?: (qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>) => {
    const repo = new Repo(db, { table, tenant: true, columns, hidden: ['password'], defaultOrder: table === 'blade_user' ? [{ field: 'account', dir: 'asc' }] : [{ field: 'sort', dir: 'asc' }] });
    return async (ctx: Ctx, query: Record<string, string>) => {
      const { deptId, ...q } = query;
      const byD = table === 'blade_user' ? await byDept(ctx.tenantId, deptId) : (qb: SelectQueryBuilder<any, any, Row>) => qb;
      let byP = (qb: SelectQueryBuilder<any, any, Row>) => qb;
      if (table === 'blade_user') {
        // 职位 column of 人员选择: a post id, or part of a post name (blade_user.post_id is a comma list)
        const postId: string | undefined = q.postId;
        const postName = String(q.postName_like ?? q.postName ?? '').trim();
        delete q.postId;
        delete q.postName;
        delete q.postName_like;
        let posts: string[] | null = null;
        if (postId) posts = postId.split(',').filter(isId);
        if (postName) {
          const hits = await scoped(db, ctx.tenantId).selectFrom('bladePost').select('id').where('isDeleted', '=', 0)
            .where(sql<boolean>`post_name ilike ${likeContains(postName)}`).execute();
          const ids = hits.map((r) => String(r.id));
          posts = posts ? posts.filter((x) => ids.includes(x)) : ids;
        }
        if (posts) {
          const list = posts;
          byP = (qb) => (list.length ? qb.where(sql<boolean>`string_to_array(post_id, ',') && ${list}::text[]`) : qb.where(sql<boolean>`false`));
        }
      }
      const p = await repo.page(ctx, q, (qb) => byP(byD(narrow ? narrow(qb) : qb)));
      return ok({ ...p, records: await shape(p.records, ctx.tenantId) });
    };
  };
  const searches = {
    user: ['People picker: users (filters account, realName, name, deptId incl. sub-departments, postId, postName_like, ...)',
      search('blade_user', users.def.columns, async (rows, tenantId) => (await named(tenantId, rows)).map(pickerRow), (qb) => qb.where('status', '=', 1))],
    role: ['Role picker', search('blade_role', { id: 'id', roleName: 'string', roleAlias: 'string', sort: 'number' }, (r) => r)],
    dept: ['Department picker', search('blade_dept', { id: 'id', parentId: 'id', deptName: 'string', fullName: 'string', sort: 'number' }, (r) => r)],
    post: ['Post picker', search('blade_post', { id: 'id', postCode: 'string', postName: 'string', category: 'number', sort: 'number' }, (r) => r)],
  } as const;
  for (const [name, [summary, find]] of Object.entries(searches)) {
    app.get(`/api/blade-system/search/${name}`, { schema: { tags: ['system'], summary, querystring: z.record(z.string(), z.string()) } }, (req) => find(ctxOf(req), req.query));
  }

}

/** Person in selector (000 §3): id, realName, account, name, deptName, postName, avatar. */
const pickerRow = (u: Row) => ({ id: u.id, account: u.account, realName: u.realName, name: u.name, code: u.code, deptId: u.deptId, deptName: u.deptName, postName: u.postName, roleName: u.roleName, avatar: u.avatar ?? '', phone: u.phone, email: u.email });
