// Calls of the e-mail area (/api/blade-email/*).
import { crud, postQuery } from '../../api/crud';
import { http } from '../../api/request';

export interface Attachment {
  link: string;
  name: string;
}

export interface EmailPlatform {
  id: string;
  platformName: string;
  host: string;
  port: number;
  secure: number;
  username?: string;
  password?: string;
  fromAddress: string;
  fromName?: string;
  isEnabled: number;
  remark?: string;
  createTime?: string;
}

export interface EmailConfig {
  id: string;
  configName: string;
  emailAddress: string;
  protocol: 'pop3' | 'imap';
  host: string;
  port: number;
  secure: number;
  username?: string;
  password?: string;
  platformId?: string | null;
  isEnabled: number;
  lastSyncTime?: string | null;
  lastSyncMessage?: string | null;
  remark?: string;
}

export interface EmailTemplate {
  id: string;
  templateName: string;
  templateCode: string;
  subject: string;
  content: string;
  paramsExample?: string | null;
  remark?: string;
  createTime?: string;
}

export interface EmailStrategy {
  id: string;
  strategyName: string;
  templateId: string;
  platformId?: string | null;
  toUser: string;
  ccUser?: string | null;
  params?: string | null;
  cronExpression: string;
  status: number;
  lastSendTime?: string | null;
  lastSendStatus?: number | null;
  remark?: string;
}

export interface EmailAddress {
  id: string;
  name: string;
  email: string;
  groupName?: string;
  phone?: string;
  sort?: number;
  remark?: string;
}

export interface EmailOutbox {
  id: string;
  platformId?: string | null;
  templateId?: string | null;
  strategyId?: string | null;
  fromAddress?: string | null;
  toUser: string;
  ccUser?: string | null;
  bccUser?: string | null;
  subject?: string | null;
  content?: string | null;
  params?: string | null;
  attachments?: Attachment[];
  sendStatus: number;
  sendTime?: string | null;
  errorMessage?: string | null;
  createTime?: string;
}

export interface EmailInbox {
  id: string;
  configId?: string | null;
  fromAddress: string;
  fromName?: string | null;
  toUser?: string | null;
  ccUser?: string | null;
  subject: string;
  content?: string | null;
  attachments?: { name: string; mimeType?: string; size?: number }[];
  receiveTime?: string | null;
  isRead: number;
  remark?: string;
}

const BASE = '/api/blade-email';
export const platformApi = crud<EmailPlatform>(`${BASE}/plat-from`);
export const configApi = crud<EmailConfig>(`${BASE}/config`);
export const templateApi = crud<EmailTemplate>(`${BASE}/template`);
export const strategyApi = crud<EmailStrategy>(`${BASE}/strategy`);
export const addressApi = crud<EmailAddress>(`${BASE}/plat-address`);
export const outboxApi = crud<EmailOutbox>(`${BASE}/outbox`);
export const inboxApi = crud<EmailInbox>(`${BASE}/inbox`);

export const enablePlatform = (id: string) => postQuery(`${BASE}/plat-from/enable`, { id });
export const copyPlatform = (id: string) => postQuery<EmailPlatform>(`${BASE}/plat-from/copy`, { id });
export const testPlatform = (id: string) => postQuery(`${BASE}/plat-from/test`, { id });
export const enableConfig = (id: string) => postQuery(`${BASE}/config/enable`, { id });
export const testConfig = (id: string) => postQuery<{ count: number }>(`${BASE}/config/test`, { id });
export const syncConfig = (id: string) => postQuery<{ fetched: number }>(`${BASE}/config/handleSync`, { id });
export const copyTemplate = (id: string) => postQuery<EmailTemplate>(`${BASE}/template/copy`, { id });
export const sendStrategy = (id: string) => postQuery<EmailOutbox>(`${BASE}/strategy/send`, { id });
export const submitAndSend = (mail: Partial<EmailOutbox>) => http.post<EmailOutbox>(`${BASE}/outbox/submitAndSend`, mail);
export const sendMsg = (id: string, toUser?: string) => postQuery<EmailOutbox>(`${BASE}/outbox/sendMsg`, { id, toUser });
export const selectAddresses = (keyword?: string) =>
  http.get<{ id: string; name: string; email: string; groupName?: string; label: string }[]>(`${BASE}/plat-address/select`, keyword ? { keyword } : {});

/** Options for pickers: every platform / template of the tenant (first 200). */
export const platformOptions = async () =>
  ((await platformApi.list({ size: 200 }))?.records ?? []).map((p) => ({ label: `${p.platformName}${p.isEnabled === 1 ? ' ✓' : ''} (${p.fromAddress})`, value: p.id }));
export const templateOptions = async () =>
  ((await templateApi.list({ size: 200 }))?.records ?? []).map((t) => ({ label: `${t.templateName} (${t.templateCode})`, value: t.id }));
