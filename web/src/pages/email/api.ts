// Calls of the e-mail area (/api/blade-email/*).
import type { emailAddressModel, emailConfigModel, emailInboxModel, emailOutboxModel, emailPlatformModel, emailStrategyModel, emailTemplateModel, RowOf } from '@campus/schema';
import { crud, postQuery } from '../../api/crud';
import { http } from '../../api/request';

export interface Attachment {
  link: string;
  name: string;
}

export type EmailPlatform = RowOf<typeof emailPlatformModel> & { createTime?: string };

export type EmailConfig = RowOf<typeof emailConfigModel>;

export type EmailTemplate = RowOf<typeof emailTemplateModel> & { createTime?: string };

export type EmailStrategy = RowOf<typeof emailStrategyModel> & { createTime?: string };

export type EmailAddress = RowOf<typeof emailAddressModel>;

/** An outbox row; the server answers its attachments as the list. */
export type EmailOutbox = Omit<RowOf<typeof emailOutboxModel>, 'attachments'> & { attachments?: Attachment[]; createTime?: string };

/** An inbox row; the server answers its attachments as the list. */
export type EmailInbox = Omit<RowOf<typeof emailInboxModel>, 'attachments'> & { attachments?: { name: string; mimeType?: string; size?: number }[] };

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
