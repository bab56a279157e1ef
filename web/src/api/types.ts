// Shapes of the server contract the shell reads. Ids are strings (64-bit on the server).
import type { RowOf, systemConfigModel } from '@campus/schema';

export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The flat answer of POST /api/blade-auth/oauth/token (and of CAS verify). */
export interface TokenAnswer {
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id?: string;
  account: string;
  user_name: string;
  nick_name?: string;
  real_name?: string;
  role_name?: string;
  avatar?: string;
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  detail?: unknown;
}

/** GET /api/blade-auth/oauth/user-info */
export interface UserProfile {
  userId: string;
  tenantId: string;
  account: string;
  userName?: string;
  realName?: string;
  nickName?: string;
  avatar?: string;
  email?: string;
  phone?: string;
  deptId?: string;
  deptName?: string;
  postId?: string;
  roleId?: string;
  /** The role aliases (administrator,user), as BladeX's token carries them. */
  roleName?: string;
  /** The roles by their names (超级管理员,普通用户). */
  roleNames?: string;
  roles?: string[];
}

export interface MenuVO {
  id: string;
  parentId: string;
  code?: string;
  name: string;
  alias?: string;
  path: string;
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  isOpen?: number;
  children?: MenuVO[];
  meta?: { roles?: string[]; isTab?: boolean; [k: string]: unknown };
}

export interface ButtonNode {
  id?: string;
  code?: string;
  name?: string;
  category?: number;
  children?: ButtonNode[];
}

export interface DeptOption {
  id: string;
  deptName: string;
  parentId?: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
  roleAlias?: string;
}

export interface UserDetail {
  id: string;
  account: string;
  name?: string;
  realName?: string;
  avatar?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  sex?: number;
  deptName?: string;
  postName?: string;
  roleName?: string;
}

export type SystemConfig = RowOf<typeof systemConfigModel> & { createTime?: string };

export interface SysConfigInfo {
  indexTitle?: string;
  webHomeUrl?: string;
  sysLogo?: string;
  sysIcon?: string;
}

export interface CasConfigInfo {
  enable?: boolean | string;
  casServerUrlPrefix?: string;
  casServerHostUrl?: string;
  serverPort?: string | number;
  casServerLoginUrl?: string;
  casServerLogoutUrl?: string;
}

/** Client-side error entry queued by the log collector (spec 000 §3 "Log entry"). */
export interface ClientLog {
  type: 'error';
  url: string;
  message: string;
  stack: string;
  time: string;
  info: string;
}

export interface UploadedFile {
  link: string;
  originalName: string;
  name: string;
}
