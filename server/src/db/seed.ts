// Demo data for a new database: the platform tenant 000000 (admin/admin with every menu, an
// ordinary user), a second school tenant with its own admin (isolation), the OAuth client
// saber/saber_secret, config records and the dictionaries the screens need. Runs once.
import { sql } from 'kysely';
import { dynamic, type Db } from './index.ts';
import { grantWorkflowMenus } from './migrations/0013_workflow_menus.ts';
import { grantDraftMenu } from './migrations/0019_workflow_draft_menu.ts';

export const SEED = {
  tenant: '000000',
  otherTenant: '100001',
  adminId: '1123598821738675201',
  userId: '1123598821738675202',
  otherAdminId: '1123598821738675301',
  adminRoleId: '1123598816738675201',
  userRoleId: '1123598816738675202',
  otherAdminRoleId: '1123598816738675301',
  deptRootId: '1123598813738675201',
  deptInfoId: '1123598813738675202',
  deptTeachId: '1123598813738675203',
  otherDeptId: '1123598813738675301',
} as const;

/** How passwords are kept: the auth module's hashes (modules/auth/password.ts), handed in by the app. */
export interface SeedPasswords {
  /** MD5 hex of a password, as the client sends it */
  md5(password: string): string;
  /** the stored form of an MD5 hex */
  hashPassword(md5hex: string): Promise<string>;
}

export async function seed(db: Db, { hashPassword, md5 }: SeedPasswords): Promise<boolean> {
  const exists = await db.selectFrom('bladeTenant').select('id').where('tenantId', '=', SEED.tenant).executeTakeFirst();
  if (exists) return false;
  const [adminPw, userPw] = await Promise.all([hashPassword(md5('admin')), hashPassword(md5('user'))]);
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('bladeTenant').values([
      { id: '1123598820738675201', tenantId: SEED.tenant, tenantName: '平台管理', linkman: '管理员', contactNumber: '13800000000', address: '平台运维中心' },
      { id: '1123598820738675301', tenantId: SEED.otherTenant, tenantName: '示范中学', linkman: '王老师', contactNumber: '13900000000', address: '示范路 1 号' },
    ]).execute();
    await tx.insertInto('bladeDept').values([
      { id: SEED.deptRootId, tenantId: SEED.tenant, parentId: '0', ancestors: '0', deptName: '示范大学', fullName: '示范大学', sort: 1 },
      { id: SEED.deptInfoId, tenantId: SEED.tenant, parentId: SEED.deptRootId, ancestors: `0,${SEED.deptRootId}`, deptName: '信息化中心', fullName: '示范大学信息化中心', sort: 1 },
      { id: SEED.deptTeachId, tenantId: SEED.tenant, parentId: SEED.deptRootId, ancestors: `0,${SEED.deptRootId}`, deptName: '教务处', fullName: '示范大学教务处', sort: 2 },
      { id: SEED.otherDeptId, tenantId: SEED.otherTenant, parentId: '0', ancestors: '0', deptName: '示范中学', fullName: '示范中学', sort: 1 },
    ]).execute();
    await tx.insertInto('bladePost').values([
      { id: '1123598817738675201', tenantId: SEED.tenant, category: 1, postCode: 'admin', postName: '系统管理员', sort: 1 },
      { id: '1123598817738675202', tenantId: SEED.tenant, category: 2, postCode: 'teacher', postName: '教师', sort: 2 },
      { id: '1123598817738675301', tenantId: SEED.otherTenant, category: 1, postCode: 'admin', postName: '系统管理员', sort: 1 },
    ]).execute();
    await tx.insertInto('bladeRole').values([
      { id: SEED.adminRoleId, tenantId: SEED.tenant, parentId: '0', roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
      { id: SEED.userRoleId, tenantId: SEED.tenant, parentId: '0', roleName: '普通用户', roleAlias: 'user', sort: 2 },
      { id: SEED.otherAdminRoleId, tenantId: SEED.otherTenant, parentId: '0', roleName: '管理员', roleAlias: 'administrator', sort: 1 },
    ]).execute();
    await tx.insertInto('bladeUser').values([
      { id: SEED.adminId, tenantId: SEED.tenant, code: 'A0001', account: 'admin', password: adminPw, name: '管理员', realName: '管理员', email: 'admin@example.edu.cn', phone: '13800000001', sex: 1,
        roleId: `${SEED.adminRoleId},${SEED.userRoleId}`, deptId: `${SEED.deptInfoId},${SEED.deptTeachId}`, postId: '1123598817738675201' },
      { id: SEED.userId, tenantId: SEED.tenant, code: 'T0001', account: 'user', password: userPw, name: '李老师', realName: '李明', email: 'liming@example.edu.cn', phone: '13800000002', sex: 1,
        roleId: SEED.userRoleId, deptId: SEED.deptTeachId, postId: '1123598817738675202' },
      { id: SEED.otherAdminId, tenantId: SEED.otherTenant, code: 'A0001', account: 'admin', password: adminPw, name: '管理员', realName: '王管理', roleId: SEED.otherAdminRoleId, deptId: SEED.otherDeptId, postId: '1123598817738675301' },
    ]).execute();
    // administrators receive every menu; the ordinary user only the home page and API docs
    await sql`insert into blade_role_menu (menu_id, role_id) select id, ${SEED.adminRoleId} from blade_menu where is_deleted = 0`.execute(tx);
    await sql`insert into blade_role_menu (menu_id, role_id) select id, ${SEED.otherAdminRoleId} from blade_menu where is_deleted = 0`.execute(tx);
    await sql`insert into blade_role_menu (menu_id, role_id) select id, ${SEED.userRoleId} from blade_menu where code in ('home', 'tool', 'apiDocs', 'personal', 'personalGroup') or code like 'personalGroup\\_%'`.execute(tx);
    await tx.insertInto('bladeClient').values({
      id: '1123598811738675201', clientId: 'saber', clientSecret: 'saber_secret', scope: 'all',
      authorizedGrantTypes: 'refresh_token,password,captcha,authorization_code,social,sms_code', accessTokenValidity: 3600, refreshTokenValidity: 604800,
    }).execute();
    const configs: [string, string, object][] = [
      ['sysConfig', '站点设置', { indexTitle: '智慧校园服务平台', webHomeUrl: '', sysLogo: '', sysIcon: '' }],
      ['casConfig', '单点登录', { enable: false, casServerUrlPrefix: '', casServerHostUrl: '', serverPort: '', casServerLoginUrl: '', casServerLogoutUrl: '' }],
      ['signaturesConfig', '电子签章', {}],
      ['AIConfig', 'AI 助手', { vcgAIPlatform: 'off' }],
    ];
    let n = 0;
    for (const tenantId of [SEED.tenant, SEED.otherTenant]) {
      for (const [configKey, remark, info] of configs) {
        await tx.insertInto('bladeSystemConfig').values({ id: String(1123598819738675200n + BigInt(++n)), tenantId, configKey, remark, configInfo: JSON.stringify(info) }).execute();
      }
    }
    const dicts: [string, string, [string, string][]][] = [
      ['sex', '性别', [['1', '男'], ['2', '女'], ['3', '未知']]],
      ['yes_no', '是否', [['0', '否'], ['1', '是']]],
      ['status', '状态', [['0', '停用'], ['1', '启用']]],
      ['user_type', '用户平台', [['1', 'WEB'], ['2', 'APP'], ['3', 'OTHER']]],
    ];
    // migrations ran before these roles existed: hand them the menus meant for everyone
    await grantWorkflowMenus(dynamic(tx));
    await grantDraftMenu(dynamic(tx));
    let d = 0;
    for (const [code, name, items] of dicts) {
      const parentId = String(1123598814738675200n + BigInt(++d * 100));
      await tx.insertInto('bladeDict').values({ id: parentId, parentId: '0', code, dictKey: '-1', dictValue: name, sort: d, isSealed: 1 }).execute();
      for (const [i, [key, value]] of items.entries()) {
        await tx.insertInto('bladeDict').values({ id: String(BigInt(parentId) + BigInt(i + 1)), parentId, code, dictKey: key, dictValue: value, sort: i + 1, isSealed: 1 }).execute();
      }
    }
  });
  return true;
}
