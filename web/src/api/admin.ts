// Typed calls of the system administration screens (spec 002 §7). Every list/detail/submit/remove
// goes through crud(); what follows it is what is special about an entity.
import { crud, postQuery, type TreeNode } from './crud';
import type { apiScopeModel, attachModel, clientModel, dataScopeModel, deptModel, dictModel, menuModel, noticeModel, ossModel, paramModel, postModel, quartzJobLogModel, quartzJobModel, roleModel, RowOf, smsModel, tenantModel, tenantPackageModel, topMenuModel, userModel } from '@campus/schema';
import i18n, { localizeMenuTree } from '../i18n';
import { http } from './request';
import { receiveFile, type OnTransfer } from './transfer';
import type { Page } from './types';

const SYS = '/api/blade-system';

/** A user row (@campus/schema userModel; never the password), with the names the list adds; password / password2 only in a new user's form. */
export type User = RowOf<typeof userModel> & {
  roleName?: string;
  deptName?: string;
  postName?: string;
  userTypeName?: string;
  tenantId?: string;
  createTime?: string;
  password?: string;
  password2?: string;
};
export const userApi = crud<User>(`${SYS}/user`, { listPath: 'page' });
export const registerApi = crud<User>(`${SYS}/user`, { listPath: 'register-list' });
export const resetPassword = (userIds: string[]) => postQuery(`${SYS}/user/reset-password`, { userIds: userIds.join(',') });
export const grantUserRoles = (userIds: string[], roleIds: string[]) =>
  postQuery(`${SYS}/user/grant`, { userIds: userIds.join(','), roleIds: roleIds.join(',') });
export const unlockUsers = (userIds: string[]) => postQuery(`${SYS}/user/unlock`, { userIds: userIds.join(',') });
export const auditPass = (userIds: string[]) => postQuery(`${SYS}/user/audit-pass`, { userIds: userIds.join(',') });
export const auditRefuse = (userIds: string[]) => postQuery(`${SYS}/user/audit-refuse`, { userIds: userIds.join(',') });

export type Dept = RowOf<typeof deptModel> & { children?: Dept[] };
export const deptApi = crud<Dept>(`${SYS}/dept`, { tree: true });
export const deptTree = () => http.get<TreeNode[]>(`${SYS}/dept/tree`);

export type Post = RowOf<typeof postModel>;
export const postApi = crud<Post>(`${SYS}/post`);
export const postSelect = () => http.get<Post[]>(`${SYS}/post/select`);

export type Role = RowOf<typeof roleModel> & { children?: Role[] };
export const roleApi = crud<Role>(`${SYS}/role`, { tree: true });
export const roleTree = () => http.get<TreeNode[]>(`${SYS}/role/tree`);
export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}
export const grantTree = () =>
  http.get<GrantTree>(`${SYS}/menu/grant-tree`).then((g) => ({ menu: localizeMenuTree(g.menu), dataScope: localizeMenuTree(g.dataScope), apiScope: localizeMenuTree(g.apiScope) }));
export const roleTreeKeys = (roleIds: string[]) =>
  http.get<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(`${SYS}/menu/role-tree-keys`, { roleIds: roleIds.join(',') });
export const grantRoles = (body: { roleIds: string[]; menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] }) =>
  http.post(`${SYS}/role/grant`, body);

export type DataScope = RowOf<typeof dataScopeModel>;
export const dataScopeApi = crud<DataScope>(`${SYS}/data-scope`);
export type ApiScope = RowOf<typeof apiScopeModel>;
export const apiScopeApi = crud<ApiScope>(`${SYS}/api-scope`);

/** A menu or button; the tree list nests them under children. */
export type Menu = RowOf<typeof menuModel> & { children?: Menu[] };
export const menuApi = crud<Menu>(`${SYS}/menu`, { tree: true });
export const menuTree = () => http.get<TreeNode[]>(`${SYS}/menu/tree`).then(localizeMenuTree);
export type TopMenu = RowOf<typeof topMenuModel>;
export const topMenuApi = crud<TopMenu>(`${SYS}/topmenu`);
export const grantTopTree = () => http.get<{ menu: TreeNode[] }>(`${SYS}/menu/grant-top-tree`).then((g) => ({ menu: localizeMenuTree(g.menu) }));
export const topTreeKeys = (topMenuIds: string[]) => http.get<{ menu: string[] }>(`${SYS}/menu/top-tree-keys`, { topMenuIds: topMenuIds.join(',') });
export const grantTopMenus = (topMenuIds: string[], menuIds: string[]) => http.post(`${SYS}/topmenu/grant`, { topMenuIds, menuIds });

/** A dictionary entry, system or business (the two models have the same fields); items nest under children. */
export type Dict = RowOf<typeof dictModel> & { children?: Dict[] };
/** System (`dict`) or business (`dict-biz`) dictionaries: paged parents, their items as a tree. */
export function dictApis(kind: 'dict' | 'dict-biz') {
  const base = `${SYS}/${kind}`;
  return {
    parents: crud<Dict>(base, { listPath: 'parent-list' }),
    children: (parentId: string) => ({ ...crud<Dict>(base), tree: () => http.get<Dict[]>(`${base}/child-list`, { parentId }) }),
  };
}
/** An item of a dictionary as `dictionary` answers it (an item always has its key). */
export type DictItem = Pick<Dict, 'dictValue'> & { dictKey: string };
export const dictionary = (code: string) => http.get<DictItem[]>(`${SYS}/dict/dictionary`, { code });

export type Param = RowOf<typeof paramModel>;
export const paramApi = crud<Param>(`${SYS}/param`);

export type Tenant = RowOf<typeof tenantModel>;
export const tenantApi = crud<Tenant>(`${SYS}/tenant`);
export const tenantSetting = (ids: string[], accountNumber: number | undefined, expireTime: string | undefined) =>
  postQuery(`${SYS}/tenant/setting`, { ids: ids.join(','), accountNumber, expireTime });
export const tenantPackageSetting = (tenantId: string, packageId: string | undefined) =>
  postQuery(`${SYS}/tenant/package-setting`, { tenantId, packageId: packageId ?? '' });

export type TenantPackage = RowOf<typeof tenantPackageModel> & { createTime?: string };
export const tenantPackageApi = crud<TenantPackage>(`${SYS}/tenant-package`);

export type Client = RowOf<typeof clientModel>;
export const clientApi = crud<Client>(`${SYS}/client`);

export type Notice = RowOf<typeof noticeModel>;
export const noticeApi = crud<Notice>('/api/blade-desk/notice');

export interface Region {
  code: string;
  parentCode: string;
  name: string;
  sort?: number;
  regionLevel?: number;
  remark?: string;
  ancestors?: string;
  provinceName?: string;
  cityName?: string;
  districtName?: string;
  hasChildren?: boolean;
}
export interface RegionNode extends TreeNode {
  regionLevel: number;
}
export const regionLazyTree = (parentCode = '00') => http.get<RegionNode[]>(`${SYS}/region/lazy-tree`, { parentCode });
export const regionDetail = (code: string) => http.get<Region | null>(`${SYS}/region/detail`, { code });
export const regionSubmit = (r: Pick<Region, 'code' | 'parentCode' | 'name' | 'sort' | 'remark'>) => http.post<Region>(`${SYS}/region/submit`, r);
export const regionRemove = (codes: string[]) => postQuery(`${SYS}/region/remove`, { ids: codes.join(',') });

// ---- logs ----
export interface UsualLog {
  id: string;
  serviceId?: string;
  serverHost?: string;
  logLevel?: string;
  logId?: string;
  logData?: string;
  method?: string;
  requestUri?: string;
  remoteIp?: string;
  userAgent?: string;
  params?: string;
  createBy?: string;
  createTime?: string;
}
export const usualLogApi = crud<UsualLog>('/api/blade-log/usual');
export interface ApiLog {
  id: string;
  serviceId?: string;
  serverHost?: string;
  type?: string;
  /** short title in Chinese; titleEn in English (server/src/modules/log/titles.ts) */
  title?: string;
  titleEn?: string;
  method?: string;
  requestUri?: string;
  userAgent?: string;
  remoteIp?: string;
  methodClass?: string;
  params?: string;
  statusCode?: number;
  time?: string;
  createBy?: string;
  createTime?: string;
}
export const apiLogApi = crud<ApiLog>('/api/blade-log/api');
export interface LoginLog {
  id: string;
  account?: string;
  userName?: string;
  loginType?: string;
  grantType?: string;
  success?: number;
  message?: string;
  remoteIp?: string;
  userAgent?: string;
  createTime?: string;
}
export const loginLogApi = crud<LoginLog>('/api/blade-portal/userLoginLog');

// ---- scheduled jobs ----
export type QuartzJob = RowOf<typeof quartzJobModel> & { createTime?: string };
export const quartzJobApi = crud<QuartzJob>('/api/quartzJob/quartzJob');
export const changeJobStatus = (id: string, status: 0 | 1) => postQuery('/api/quartzJob/quartzJob/change-status', { id, status });
export const runJob = (id: string) => postQuery('/api/quartzJob/quartzJob/run', { id });
export const jobHandlers = () => http.get<{ name: string; description: string }[]>('/api/quartzJob/quartzJob/handlers');
export type QuartzJobLog = RowOf<typeof quartzJobLogModel> & { createTime?: string };
export const quartzJobLogApi = crud<QuartzJobLog>('/api/quartzJobLog/quartzJobLog');

// ---- resources ----
export type Oss = RowOf<typeof ossModel>;
export const ossApi = crud<Oss>('/api/blade-resource/oss');
export const enableOss = (id: string) => postQuery('/api/blade-resource/oss/enable', { id });

export type Attach = RowOf<typeof attachModel> & { createTime?: string };
export const attachApi = crud<Attach>('/api/blade-resource/attach');
/** The file through the request layer (auth headers), as a Blob; onProgress hears the bytes received. */
export function downloadAttach(id: string, onProgress?: OnTransfer): Promise<Blob> {
  return receiveFile({ url: '/api/blade-resource/attach/download', params: { id } }, { onProgress, failText: (status) => i18n.t('attach.downloadFailed', { status }) });
}

export type Sms = RowOf<typeof smsModel>;
export const smsApi = crud<Sms>('/api/blade-resource/sms');
export const enableSms = (id: string) => postQuery('/api/blade-resource/sms/enable', { id });
export const sendSms = (phones: string, params: Record<string, string>, code?: string) =>
  http.post('/api/blade-resource/sms/endpoint/send-message', { phones, params, code });

export type { Page, TreeNode };
