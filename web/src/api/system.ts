import { http, request } from './request';
import { crud } from './crud';
import type {
  ButtonNode,
  ClientLog,
  DeptOption,
  MenuVO,
  R,
  RoleOption,
  SystemConfig,
  UploadedFile,
  UserDetail,
} from './types';
import { md5 } from 'js-md5';
import { sendForm, type OnTransfer } from './transfer';

export const getMenuRoutes = () => http.get<MenuVO[]>('/api/blade-system/menu/routes');
export const getButtons = () => http.get<ButtonNode[]>('/api/blade-system/menu/buttons');

export const getDeptSelect = (userId: string) => http.get<DeptOption[]>('/api/blade-system/dept/select', { userId });
export const getRoleSelect = (userId: string) => http.get<RoleOption[]>('/api/blade-system/role/select', { userId });

export const getUserDetail = (id: string) => http.get<UserDetail>('/api/blade-system/user/detail', { id });

export interface UpdateInfo {
  id: string;
  avatar?: string;
  name?: string;
  realName?: string;
  phone?: string;
  email?: string;
}
export const updateInfo = (info: UpdateInfo) => http.post('/api/blade-system/user/update-info', info);

export const updatePassword = (oldPassword: string, newPassword: string, newPassword1: string) =>
  http.post('/api/blade-system/user/update-password', undefined, {
    params: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) },
  });

/** One file to object storage (put-file); onProgress hears the bytes sent (components/transfer.tsx shows them). */
export function putFile(file: File | Blob, filename?: string, opts: { onProgress?: OnTransfer } = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, filename ?? (file as File).name);
  return sendForm<UploadedFile>('/api/blade-resource/oss/endpoint/put-file', form, opts);
}

export const sendLogs = (logs: ClientLog[]) => request<R<unknown>>({ url: '/api/blade-log/error/sendLogs', method: 'post', data: logs });

/** Public system config records (sysConfig, casConfig): read before sign-in, errors stay quiet. */
export const getConfigByKey = (configKey: string) =>
  http.get<SystemConfig | null>('/api/systemConfig/systemConfig/detail', { configKey }, { silent: true, skipUnauthorized: true });

export const systemConfigApi = crud<SystemConfig>('/api/systemConfig/systemConfig');

export interface ErrorLog {
  id: string;
  serviceId?: string;
  requestUri?: string;
  method?: string;
  message?: string;
  stackTrace?: string;
  userAgent?: string;
  remoteIp?: string;
  createBy?: string;
  createTime?: string;
  type?: string;
}
export const errorLogApi = crud<ErrorLog>('/api/blade-log/error');
