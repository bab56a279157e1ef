// Typed calls of the system administration screens (spec 002 §7). Every list/detail/submit/remove
// goes through crud(); what follows it is what is special about an entity.
import { crud, postQuery, type TreeNode } from './crud';
import { message } from 'antd';
import i18n, { localizeMenuTree } from '../i18n';
import { RequestError, http, request } from './request';
import type { Page } from './types';

const SYS = '/api/blade-system';

export interface User {
  id: string;
  account: string;
  name?: string;
  realName: string;
  code?: string;
  email?: string;
  phone?: string;
  sex?: number;
  birthday?: string;
  avatar?: string;
  userType?: number;
  roleId?: string;
  deptId?: string;
  postId?: string;
  roleName?: string;
  deptName?: string;
  postName?: string;
  status?: number;
  failCount?: number;
  lockUntil?: string | null;
  createTime?: string;
  password?: string;
  password2?: string;
}
export const userApi = crud<User>(`${SYS}/user`, { listPath: 'page' });
export const registerApi = crud<User>(`${SYS}/user`, { listPath: 'register-list' });
export const resetPassword = (userIds: string[]) => postQuery(`${SYS}/user/reset-password`, { userIds: userIds.join(',') });
export const grantUserRoles = (userIds: string[], roleIds: string[]) =>
  postQuery(`${SYS}/user/grant`, { userIds: userIds.join(','), roleIds: roleIds.join(',') });
export const unlockUsers = (userIds: string[]) => postQuery(`${SYS}/user/unlock`, { userIds: userIds.join(',') });
export const auditPass = (userIds: string[]) => postQuery(`${SYS}/user/audit-pass`, { userIds: userIds.join(',') });
export const auditRefuse = (userIds: string[]) => postQuery(`${SYS}/user/audit-refuse`, { userIds: userIds.join(',') });

export interface Dept {
  id: string;
  parentId: string;
  deptName: string;
  fullName?: string;
  deptCategory?: number;
  sort?: number;
  remark?: string;
  children?: Dept[];
}
export const deptApi = crud<Dept>(`${SYS}/dept`, { tree: true });
export const deptTree = () => http.get<TreeNode[]>(`${SYS}/dept/tree`);

export interface Post {
  id: string;
  category: number;
  postCode: string;
  postName: string;
  sort?: number;
  remark?: string;
}
export const postApi = crud<Post>(`${SYS}/post`);
export const postSelect = () => http.get<Post[]>(`${SYS}/post/select`);

export interface Role {
  id: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort?: number;
  children?: Role[];
}
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

export interface DataScope {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeField?: string;
  scopeClass?: string;
  scopeColumn: string;
  scopeType: number;
  scopeValue?: string;
  remark?: string;
}
export const dataScopeApi = crud<DataScope>(`${SYS}/data-scope`);
export interface ApiScope {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeType: number;
  remark?: string;
}
export const apiScopeApi = crud<ApiScope>(`${SYS}/api-scope`);

export interface Menu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path?: string;
  source?: string;
  sort?: number;
  category: number;
  action?: number;
  isOpen?: number;
  remark?: string;
  children?: Menu[];
}
export const menuApi = crud<Menu>(`${SYS}/menu`, { tree: true });
export const menuTree = () => http.get<TreeNode[]>(`${SYS}/menu/tree`).then(localizeMenuTree);
export interface TopMenu {
  id: string;
  code?: string;
  name: string;
  source?: string;
  path?: string;
  sort?: number;
  status?: number;
}
export const topMenuApi = crud<TopMenu>(`${SYS}/topmenu`);
export const grantTopTree = () => http.get<{ menu: TreeNode[] }>(`${SYS}/menu/grant-top-tree`).then((g) => ({ menu: localizeMenuTree(g.menu) }));
export const topTreeKeys = (topMenuIds: string[]) => http.get<{ menu: string[] }>(`${SYS}/menu/top-tree-keys`, { topMenuIds: topMenuIds.join(',') });
export const grantTopMenus = (topMenuIds: string[], menuIds: string[]) => http.post(`${SYS}/topmenu/grant`, { topMenuIds, menuIds });

export interface Dict {
  id: string;
  parentId: string;
  code: string;
  dictKey?: string;
  dictValue: string;
  sort?: number;
  isSealed?: number;
  remark?: string;
  children?: Dict[];
}
/** System (`dict`) or business (`dict-biz`) dictionaries: paged parents, their items as a tree. */
export function dictApis(kind: 'dict' | 'dict-biz') {
  const base = `${SYS}/${kind}`;
  return {
    parents: crud<Dict>(base, { listPath: 'parent-list' }),
    children: (parentId: string) => ({ ...crud<Dict>(base), tree: () => http.get<Dict[]>(`${base}/child-list`, { parentId }) }),
  };
}
export interface DictItem {
  dictKey: string;
  dictValue: string;
}
export const dictionary = (code: string) => http.get<DictItem[]>(`${SYS}/dict/dictionary`, { code });

export interface Param {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
}
export const paramApi = crud<Param>(`${SYS}/param`);

export interface Tenant {
  id: string;
  tenantId: string;
  tenantName: string;
  domainUrl?: string;
  backgroundUrl?: string;
  linkman?: string;
  contactNumber?: string;
  address?: string;
  accountNumber?: number;
  expireTime?: string | null;
  packageId?: string | null;
  status?: number;
}
export const tenantApi = crud<Tenant>(`${SYS}/tenant`);
export const tenantSetting = (ids: string[], accountNumber: number | undefined, expireTime: string | undefined) =>
  postQuery(`${SYS}/tenant/setting`, { ids: ids.join(','), accountNumber, expireTime });
export const tenantPackageSetting = (tenantId: string, packageId: string | undefined) =>
  postQuery(`${SYS}/tenant/package-setting`, { tenantId, packageId: packageId ?? '' });

export interface TenantPackage {
  id: string;
  packageName: string;
  menuId: string;
  remark?: string;
  createTime?: string;
}
export const tenantPackageApi = crud<TenantPackage>(`${SYS}/tenant-package`);

export interface Client {
  id: string;
  clientId: string;
  clientSecret: string;
  resourceIds?: string;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri?: string;
  authorities?: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation?: string;
  autoapprove?: string;
  status?: number;
}
export const clientApi = crud<Client>(`${SYS}/client`);

export interface Notice {
  id: string;
  title: string;
  category: number;
  releaseTime?: string;
  content?: string;
}
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
export interface QuartzJob {
  id: string;
  jobName: string;
  jobPacket: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: number;
  concurrent: number;
  status: number;
  remark?: string;
  lastFireTime?: string;
  nextFireTime?: string;
  createTime?: string;
}
export const quartzJobApi = crud<QuartzJob>('/api/quartzJob/quartzJob');
export const changeJobStatus = (id: string, status: 0 | 1) => postQuery('/api/quartzJob/quartzJob/change-status', { id, status });
export const runJob = (id: string) => postQuery('/api/quartzJob/quartzJob/run', { id });
export const jobHandlers = () => http.get<{ name: string; description: string }[]>('/api/quartzJob/quartzJob/handlers');
export interface QuartzJobLog {
  id: string;
  jobId?: string;
  jobName?: string;
  jobGroup?: string;
  invokeTarget?: string;
  jobMessage?: string;
  exceptionInfo?: string;
  status?: number;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  createTime?: string;
}
export const quartzJobLogApi = crud<QuartzJobLog>('/api/quartzJobLog/quartzJobLog');

// ---- resources ----
export interface Oss {
  id: string;
  category: number;
  ossCode: string;
  endpoint: string;
  transformEndpoint?: string;
  accessKey?: string;
  secretKey?: string;
  bucketName: string;
  appId?: string;
  region?: string;
  remark?: string;
  isEnabled?: number;
}
export const ossApi = crud<Oss>('/api/blade-resource/oss');
export const enableOss = (id: string) => postQuery('/api/blade-resource/oss/enable', { id });

export interface Attach {
  id: string;
  link: string;
  domainUrl?: string;
  name: string;
  originalName?: string;
  extension?: string;
  attachSize?: number;
  createTime?: string;
}
export const attachApi = crud<Attach>('/api/blade-resource/attach');
/** The file through the request layer (auth headers), as a Blob. */
export async function downloadAttach(id: string): Promise<Blob> {
  try {
    return await request<Blob>({ url: '/api/blade-resource/attach/download', method: 'get', params: { id }, responseType: 'blob', silent: true });
  } catch (e) {
    // a refusal arrives as a JSON envelope inside the blob
    const err = e as RequestError;
    let text = i18n.t('attach.downloadFailed', { status: err.code });
    if (err.body instanceof Blob) {
      try {
        text = (JSON.parse(await err.body.text()) as { msg?: string }).msg || text;
      } catch {
        /* not JSON: keep the generic text */
      }
    }
    message.error(text);
    throw new RequestError(err.code, text);
  }
}

export interface Sms {
  id: string;
  category: number;
  smsCode: string;
  templateId?: string;
  endpoint: string;
  accessKey?: string;
  secretKey?: string;
  regionId?: string;
  signName?: string;
  remark?: string;
  isEnabled?: number;
}
export const smsApi = crud<Sms>('/api/blade-resource/sms');
export const enableSms = (id: string) => postQuery('/api/blade-resource/sms/enable', { id });
export const sendSms = (phones: string, params: Record<string, string>, code?: string) =>
  http.post('/api/blade-resource/sms/endpoint/send-message', { phones, params, code });

export type { Page, TreeNode };
