// Personal messages (spec 000 §2.8, §3 Message, §7 Messages): /api/blade-message/message.
import { cleanParams, type ListParams, type TreeNode } from './crud';
import { http, type RequestConfig } from './request';
import type { Page } from './types';
import type { PushedMessage, PushedRead, Receiver } from '@campus/contracts';
import { messageModel, type messageReceiverModel, type RowOf } from '@campus/schema';

export type { PushedMessage, PushedRead, Receiver };

const BASE = messageModel.api;

/** 1 ordinary, 2 department broadcast, 3 approval, 4 role broadcast (the model's type options). */
export type MessageType = 1 | 2 | 3 | 4;
export const MESSAGE_TYPES: MessageType[] = messageModel.fields.type.options.map((o) => o.value);

/** isRead: 0 read (已读), anything else unread (未读) (spec 000 §4 "Message read state"). */
export const isUnread = (m: { isRead?: number | null }) => m.isRead !== 0;

/** Who sent it and when (the audit columns a message row carries). */
interface SentBy {
  createTime: string;
  createUser?: string | null;
}

/**
 * A message of my inbox (the view blade_message_inbox): the message's fields (messageModel, but not
 * the broadcast's department or role) and my read state (messageReceiverModel); isRead may be
 * unknown for a row the bell has only heard pushed.
 */
export type MessageRow = Omit<RowOf<typeof messageModel>, 'receiveDeptId' | 'receiveRoleId'>
  & Partial<Pick<RowOf<typeof messageReceiverModel>, 'isRead' | 'readTime'>> & SentBy;

export interface TopList {
  messageList: MessageRow[];
  unReadCount: number;
}

/** A message I sent (messageModel's row), with how many received and read it. */
export type SentRow = RowOf<typeof messageModel> & SentBy & {
  receiverCount: number;
  readCount: number;
};

export type SentDetail = SentRow & {
  receivers: Receiver[];
};

/** What sending takes: the message's own fields and whom it goes to. */
export type SendBody = Pick<RowOf<typeof messageModel>, 'title'> & Partial<Pick<RowOf<typeof messageModel>, 'content' | 'pcUrl'>> & {
  type: MessageType;
  /** type 1 and 3: comma-separated user ids */
  userIds?: string;
  /** type 2 */
  deptId?: string;
  /** type 4 */
  roleId?: string;
};

/** Person in selector (spec 000 §3). */
export interface Person {
  id: string;
  account: string;
  realName?: string | null;
  name?: string | null;
  code?: string | null;
  deptName?: string | null;
  postName?: string | null;
  avatar?: string | null;
}

export const messageApi = {
  myList: (params: ListParams = {}) => http.get<Page<MessageRow>>(`${BASE}/my/list`, cleanParams({ current: 1, size: 10, ...params })),
  topList: (size = 10, config?: RequestConfig) => http.get<TopList>(`${BASE}/my/topList`, { size }, config),
  sendList: (params: ListParams = {}) => http.get<Page<SentRow>>(`${BASE}/my/sendList`, cleanParams({ current: 1, size: 10, ...params })),
  sendDetail: (id: string) => http.get<SentDetail | null>(`${BASE}/sendDetail`, { id }),
  /** Marks the message read for me. */
  detail: (id: string) => http.get<MessageRow | null>(`${BASE}/detail`, { id }),
  remove: (ids: string[]) => http.post<boolean>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
  readAll: () => http.post<boolean>(`${BASE}/readAll`),
  save: (body: SendBody) => http.post<SentRow>(`${BASE}/save`, body),
};

/** The people picker's search (account_like, realName_like, deptId …). */
export const searchUsers = (params: ListParams = {}) => http.get<Page<Person>>('/api/blade-system/search/user', cleanParams({ current: 1, size: 10, ...params }));
export const deptTree = () => http.get<TreeNode[]>('/api/blade-system/dept/tree');
export const roleTree = () => http.get<TreeNode[]>('/api/blade-system/role/tree');

export interface TreeOption {
  title: string;
  value: string;
  key: string;
  children?: TreeOption[];
}

/** TreeNodes (dept/tree, role/tree) as TreeSelect data. */
export const treeOptions = (nodes: TreeNode[] = []): TreeOption[] =>
  nodes.map((n) => ({ title: String(n.title), value: String(n.value ?? n.id), key: String(n.key ?? n.id), children: n.children?.length ? treeOptions(n.children) : undefined }));
