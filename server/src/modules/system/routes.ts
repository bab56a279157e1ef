// The part of system administration the shell stands on: the user's menus and buttons, the
// department/role pickers of the switch dialog, personal info, and system config records.
// Issue 3 grows the rest of /api/blade-system here.
import { z } from 'zod';
import { systemConfigModel } from '@campus/schema';
import { dynamic, type Db } from '../../db/index.ts';
import { isId } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import { modelResource } from '../../http/model-resource.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { hashPassword, isMd5, verifyPassword } from '../auth/password.ts';
import { DEFAULT_TENANT } from '../auth/service.ts';
import { PUBLIC_CONFIG_KEYS } from './config-service.ts';
import type { MenuService } from './menu-service.ts';
import type { TypedApp } from '../../http/contract.ts';

const idList = (v: unknown) => String(v ?? '').split(',').filter(isId);

export async function systemRoutes(app: TypedApp, { db, menus }: { db: Db; menus: MenuService }) {
  app.get('/api/blade-system/menu/routes', {
    schema: { tags: ['system'], summary: "The user's menu tree (MenuVO), filtered by role and tenant package", querystring: z.object({ topMenuId: z.string().max(19).optional() }).passthrough() },
  }, async (req) => ok(await menus.routes(me(req), req.query.topMenuId)));

  app.get('/api/blade-system/menu/buttons', {
    schema: { tags: ['system'], summary: 'Menus whose children are the button codes granted to the user' },
  }, async (req) => ok(await menus.buttons(me(req))));

  // The switch dialog offers the user's own departments and roles.
  const ofUser = async (tenantId: string, userId: string, self: string) => {
    if (userId && userId !== self) throw new ApiError(403, 'forbidden');
    return scoped(db, tenantId).selectFrom('bladeUser').select(['deptId', 'roleId']).where('id', '=', self).executeTakeFirst();
  };
  const userIdQuery = z.object({ userId: z.string().max(19).optional() }).passthrough();
  app.get('/api/blade-system/dept/select', { schema: { tags: ['system'], summary: "Departments of the user (userId = self) or of the tenant", querystring: userIdQuery } }, async (req) => {
    const u = me(req);
    const { userId } = req.query;
    let qb = scoped(db, u.tenantId).selectFrom('bladeDept').select(['id', 'parentId', 'deptName', 'fullName', 'sort']).where('isDeleted', '=', 0);
    if (userId) qb = qb.where('id', 'in', [...idList((await ofUser(u.tenantId, userId, u.userId))?.deptId), '-1']);
    return ok(await qb.orderBy('sort').orderBy('id').execute());
  });
  app.get('/api/blade-system/role/select', { schema: { tags: ['system'], summary: 'Roles of the user (userId = self) or of the tenant', querystring: userIdQuery } }, async (req) => {
    const u = me(req);
    const { userId } = req.query;
    let qb = scoped(db, u.tenantId).selectFrom('bladeRole').select(['id', 'parentId', 'roleName', 'roleAlias', 'sort']).where('isDeleted', '=', 0);
    if (userId) qb = qb.where('id', 'in', [...idList((await ofUser(u.tenantId, userId, u.userId))?.roleId), '-1']);
    return ok(await qb.orderBy('sort').orderBy('id').execute());
  });

  // ---- personal info (/info/index) ----
  const profile = async (tenantId: string, id: string) => {
    const user = await scoped(db, tenantId).selectFrom('bladeUser')
      .select(['id', 'tenantId', 'account', 'name', 'realName', 'avatar', 'email', 'phone', 'birthday', 'sex', 'deptId', 'roleId', 'postId', 'userType', 'status', 'createTime'])
      .where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!user) return null;
    const names = async (table: string, col: string, ids: string[]) =>
      ids.length ? (await dynamic(db).selectFrom(table).select(col).where('id', 'in', ids).where('isDeleted', '=', 0).execute()).map((r) => r[col]).join(',') : '';
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
    const id = req.query.id ?? u.userId;
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
    const { id: _ignored, ...values } = req.body;
    if (!Object.keys(values).length) return ok(true);
    await scoped(db, u.tenantId).updateTable('bladeUser').set({ ...values, updateUser: u.userId, updateTime: new Date().toISOString() }).where('id', '=', u.userId).execute();
    return ok(true);
  });

  const md5 = z.string().refine(isMd5, { message: 'md5' });
  app.post('/api/blade-system/user/update-password', {
    schema: { tags: ['system'], summary: 'Change own password (all three MD5 hex), in query or body',
      querystring: z.object({ oldPassword: md5.optional(), newPassword: md5.optional(), newPassword1: md5.optional() }).passthrough(),
      body: z.object({ oldPassword: z.string().optional(), newPassword: z.string().optional(), newPassword1: z.string().optional() }).nullish(),
    },
  }, async (req) => {
    const u = me(req);
    const p = { ...req.query, ...req.body };
    const md5Of = (field: string, v: string | undefined): string => { if (!v || !isMd5(v)) throw new ApiError(400, 'required', { field }); return v; };
    const oldPassword = md5Of('oldPassword', p.oldPassword), newPassword = md5Of('newPassword', p.newPassword), newPassword1 = md5Of('newPassword1', p.newPassword1);
    if (newPassword !== newPassword1) throw new ApiError(400, 'passwordMismatch');
    const user = await scoped(db, u.tenantId).selectFrom('bladeUser').select('password').where('id', '=', u.userId).executeTakeFirst();
    if (!user || !(await verifyPassword(oldPassword, String(user.password)))) throw new ApiError(400, 'oldPasswordWrong');
    await db.updateTable('bladeUser').set({ password: await hashPassword(newPassword), updateUser: u.userId, updateTime: new Date().toISOString() }).where('id', '=', u.userId).execute();
    return ok(true);
  });

  // ---- system config records ----
  const configs = modelResource(app, db, systemConfigModel, {
    tag: 'system', only: ['list', 'submit', 'remove'],
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
    const { id, configKey } = req.query;
    const signedIn = req.user;
    if (!signedIn && !(configKey && PUBLIC_CONFIG_KEYS.has(configKey))) throw new ApiError(401, 'unauthorized');
    if (signedIn && !(configKey && PUBLIC_CONFIG_KEYS.has(configKey)) && !(await menus.codes(signedIn)).has('systemConfig')) throw new ApiError(403, 'forbidden');
    const tenantId = signedIn?.tenantId ?? (String(req.headers['tenant-id'] ?? '') || DEFAULT_TENANT);
    let qb = configs.select({ tenantId, userId: '', deptId: '' });
    if (id) { if (!isId(id)) return ok(null); qb = qb.where('id', '=', id); } else if (configKey) qb = qb.where('configKey', '=', configKey); else return ok(null);
    return ok((await qb.executeTakeFirst()) ?? null);
  });
}
