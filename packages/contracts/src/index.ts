// Types shared by server and web: the envelope, pages, and the shapes of the shell's calls.

/** Every /api answer except the OAuth token endpoint. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg?: string;
}

/** data of a paged list: GET {base}/list?current&size&filters */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Audit fields every business entity carries (ids are 64-bit, sent as strings). */
export interface BaseEntity {
  id: string;
  tenantId?: string;
  createUser?: string | null;
  createDept?: string | null;
  createTime?: string;
  updateUser?: string | null;
  updateTime?: string;
  status?: number;
  isDeleted?: number;
}

/** BladeX's token answer: flat, not wrapped. */
export interface TokenAnswer {
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  role_name: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  client_id: string;
  avatar: string;
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  detail: { type: string };
}

/** A refusal of the token endpoint. */
export interface OAuthError {
  error_code: number;
  error_description: string;
}

export interface UserInfo {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  name?: string;
  realName?: string;
  nickName: string;
  avatar: string;
  email: string;
  phone: string;
  deptId: string;
  deptName: string;
  postId: string;
  roleId: string;
  roleName: string;
  roles: string[];
  permissions: string[];
}

/** A node of GET /api/blade-system/menu/routes (category 1 menu, 2 button). */
export interface MenuVO {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  children?: MenuVO[];
}

export interface SystemConfig extends BaseEntity {
  configKey: string;
  configInfo: string;
  remark?: string | null;
}

export interface ClientLogEntry {
  type: 'error';
  url: string;
  message: string;
  stack?: string;
  time: string;
  info?: string;
}

/** What a recipient's /userMessages/{userId} topic carries (spec 000 §4 "Real-time messages"). */
export interface PushedMessage {
  id: string;
  title: string;
  content: string;
  type: number;
  pcUrl: string | null;
  createTime: string;
}

/**
 * Also on /userMessages/{userId}: messages of that user marked read by something they did (handled
 * the task a notice was about, opened its page), with the user's unread count after it.
 */
export interface PushedRead {
  kind: 'read';
  ids: string[];
  unReadCount: number;
}

/** A recipient of a sent message and its read state (isRead 0 read, 1 unread). */
export interface Receiver {
  userId: string;
  account: string | null;
  realName: string | null;
  isRead: number;
  readTime: string | null;
}

/**
 * Paged lists count their matching rows up to this many; a larger total is answered as
 * LIST_COUNT_CAP + 1 and shown as "10,000+", so a page costs the same however large its table.
 */
export const LIST_COUNT_CAP = 10_000;
export * from './workflow.ts';
