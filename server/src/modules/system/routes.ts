// The part of system administration the shell stands on: the user's menus and buttons, the
// department/role pickers of the switch dialog, personal info, and system config records.
// Issue 3 grows the rest of /api/blade-system here.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { isId } from '../../db/repo.ts';
import { me } from '../../http/auth.ts';
import { resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { hashPassword, isMd5, verifyPassword } from '../auth/password.ts';
import { DEFAULT_TENANT } from '../auth/service.ts';
import { PUBLIC_CONFIG_KEYS } from './config-service.ts';
import type { MenuService } from './menu-service.ts';

const idList = (v: unknown) => String(v ?? '').split(',').filter(isId);

export async function systemRoutes(app: FastifyInstance, { db, menus }: { db: Db; menus: MenuService }) {
  app.get('/api/blade-system/menu/routes', {
    schema: { tags: ['system'], summary: "The user's menu tree (MenuVO), filtered by role and tenant package", querystring: z.object({ topMenuId: z.string().max(19).optional() }).passthrough() },
  }, async (req) => ok(await menus.routes(me(req), (req.query as { topMenuId?: string }).topMenuId)));

  app.get('/api/blade-system/menu/buttons', {
    schema: { tags: ['system'], summary: 'Menus whose children are the button codes granted to the user' },
  }, async (req) => ok(await menus.buttons(me(req))));

  // The switch dialog offers the user's own departments and roles.
  const ofUser = async (tenantId: string, userId: string, self: string) => {
    if (userId && userId !== self) throw new ApiError(403, 'forbidden');
    return db.selectFrom('bladeUser').select(['deptId', 'roleId']).where('id', '=', self).where('tenantId', '=', tenantId).executeTakeFirst();
  };
  const userIdQuery = z.object({ userId: z.string().max(19).optional() }).passthrough();
  app.get('/api/blade-system/dept/select', { schema: { tags: ['system'], summary: "Departments of the user (userId = self) or of the tenant", querystring: userIdQuery } }, async (req) => {
    const u = me(req);
    const { userId } = req.query as { userId?: string };
    let qb = db.selectFrom('bladeDept').select(['id', 'parentId', 'deptName', 'fullName', 'sort']).where('tenantId', '=', u.tenantId).where('isDeleted', '=', 0);
    if (userId) qb = qb.where('id', 'in', [...idList((await ofUser(u.tenantId, userId, u.userId))?.deptId), '-1']);
    return ok(await qb.orderBy('sort').orderBy('id').execute());
  });
  app.get('/api/blade-system/role/select', { schema: { tags: ['system'], summary: 'Roles of the user (userId = self) or of the tenant', querystring: userIdQuery } }, async (req) => {
    const u = me(req);
    const { userId } = req.query as { userId?: string };
    let qb = db.selectFrom('bladeRole').select(['id', 'parentId', 'roleName', 'roleAlias', 'sort']).where('tenantId', '=', u.tenantId).where('isDeleted', '=', 0);
    if (userId) qb = qb.where('id', 'in', [...idList((await ofUser(u.tenantId, userId, u.userId))?.roleId), '-1']);
    return ok(await qb.orderBy('sort').orderBy('id').execute());
  });

  // ---- personal info (/info/index) ----
  const profile = async (tenantId: string, id: string) => {
    const user = await db.selectFrom('bladeUser')
      .select(['id', 'tenantId', 'account', 'name', 'realName', 'avatar', 'email', 'phone', 'birthday', 'sex', 'deptId', 'roleId', 'postId', 'userType', 'status', 'createTime'])
      .where('tenantId', '=', tenantId).where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!user) return null;
    const names = async (table: string, col: string, ids: string[]) =>
      ids.length ? (await db.selectFrom(table).select(col).where('id', 'in', ids).where('isDeleted', '=', 0).execute()).map((r) => r[col]).join(',') : '';
    return {
      ...user,
      deptName: await names('bladeDept', 'deptName', idList(user.deptId)),
      roleName: await names('bladeRole', 'roleName', idList(user.roleId)),
      postName: await names('bladePost', 'postName', idList(user.postId)),
    };
  };
  app.get('/api/blade-system/user/info', { schema: { tags: ['system'], summary: 'The signed-in user with department, role and post names' } },
    async (req) => { const u = me(req); return ok(await profile(u.tenantId, u.userId)); });
  app.get('/api/blade-system/user/detail', {
    schema: { tags: ['system'], summary: 'A user of the tenant (data null when missing); also used for personal info', querystring: z.object({ id: z.string().max(19).optional() }).passthrough() },
  }, async (req) => {
    const u = me(req);
    const id = (req.query as { id?: string }).id ?? u.userId;
    if (!isId(id)) return ok(null);
    if (id !== u.userId && !(await menus.codes(u)).has('user')) throw new ApiError(403, 'forbidden'); // others' records: user admin only
    return ok(await profile(u.tenantId, id));
  });

  const phone = z.union([z.literal(''), z.string().regex(/^1\d{10}$/, { message: 'phone' })]).optional();
  app.post('/api/blade-system/user/update-info', {
    schema: {
      tags: ['system'], summary: 'Update the signed-in user (avatar, name, realName, phone, email)',
      body: z.object({
        id: z.string().optional(), avatar: z.string().max(500).optional(), name: z.string().max(20).optional(), realName: z.string().min(1).max(30).optional(),
        phone, email: z.union([z.literal(''), z.email()]).optional(), sex: z.coerce.number().int().min(1).max(3).optional(),
      }),
    },
  }, async (req) => {
    const u = me(req);
    const { id: _ignored, ...values } = req.body as Record<string, unknown>;
    if (!Object.keys(values).length) return ok(true);
    await db.updateTable('bladeUser').set({ ...values, updateUser: u.userId, updateTime: new Date().toISOString() }).where('id', '=', u.userId).where('tenantId', '=', u.tenantId).execute();
    return ok(true);
  });

  const md5 = z.string().refine(isMd5, { message: 'md5' });
  app.post('/api/blade-system/user/update-password', {
    schema: { tags: ['system'], summary: 'Change own password (all three MD5 hex), in query or body', querystring: z.object({ oldPassword: md5.optional(), newPassword: md5.optional(), newPassword1: md5.optional() }).passthrough() },
  }, async (req) => {
    const u = me(req);
    const p = { ...(req.query as object), ...((typeof req.body === 'object' && req.body) || {}) } as Record<string, string>;
    for (const f of ['oldPassword', 'newPassword', 'newPassword1']) if (!p[f] || !isMd5(p[f])) throw new ApiError(400, 'required', { field: f });
    if (p.newPassword !== p.newPassword1) throw new ApiError(400, 'passwordMismatch');
    const user = await db.selectFrom('bladeUser').select('password').where('id', '=', u.userId).where('tenantId', '=', u.tenantId).executeTakeFirst();
    if (!user || !(await verifyPassword(p.oldPassword, String(user.password)))) throw new ApiError(400, 'oldPasswordWrong');
    await db.updateTable('bladeUser').set({ password: await hashPassword(p.newPassword), updateUser: u.userId, updateTime: new Date().toISOString() }).where('id', '=', u.userId).execute();
    return ok(true);
  });

  // ---- system config records ----
  const configs = resource(app, db, {
    base: '/api/systemConfig/systemConfig', tag: 'system', table: 'blade_system_config', tenant: true, permission: 'systemConfig',
    only: ['list', 'submit', 'remove'],
    columns: { id: 'id', configKey: 'string', remark: 'string', createTime: 'date', updateTime: 'date' },
    body: z.object({ id: z.string().regex(/^\d{1,19}$/).optional().or(z.literal('')), configKey: z.string().min(1).max(64).regex(/^[A-Za-z][\w.-]*$/), configInfo: z.string().max(100_000), remark: z.string().max(255).optional().nullable() }),
    beforeSave: (_ctx, e) => {
      try {
        const v = JSON.parse(String(e.configInfo));
        if (typeof v !== 'object' || v === null) throw new Error();
      } catch {
        throw new ApiError(400, 'configJsonInvalid');
      }
    },
  });
  // detail by id or configKey; sysConfig and casConfig are readable before sign-in (login page, CAS redirect)
  app.get('/api/systemConfig/systemConfig/detail', {
    config: { public: true },
    schema: { tags: ['system'], summary: 'A config record by id or configKey (sysConfig and casConfig are public)', querystring: z.object({ id: z.string().max(19).optional(), configKey: z.string().max(64).optional() }).passthrough() },
  }, async (req) => {
    const { id, configKey } = req.query as { id?: string; configKey?: string };
    const signedIn = req.user;
    if (!signedIn && !(configKey && PUBLIC_CONFIG_KEYS.has(configKey))) throw new ApiError(401, 'unauthorized');
    if (signedIn && !(configKey && PUBLIC_CONFIG_KEYS.has(configKey)) && !(await menus.codes(signedIn)).has('systemConfig')) throw new ApiError(403, 'forbidden');
    const tenantId = signedIn?.tenantId ?? (String(req.headers['tenant-id'] ?? '') || DEFAULT_TENANT);
    let qb = configs.select({ tenantId, userId: '', deptId: '' });
    if (id) { if (!isId(id)) return ok(null); qb = qb.where('id', '=', id); } else if (configKey) qb = qb.where('configKey', '=', configKey); else return ok(null);
    return ok((await qb.executeTakeFirst()) ?? null);
  });
}
